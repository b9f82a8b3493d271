package dev.palimpsest.neo4j;
public final class Launcher { public static void main(String[] a) {} }
