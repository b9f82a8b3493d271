// name: drop_index
// params: $index
// returns: nothing; drops one index by name (a parameter, never spliced into the text)
DROP INDEX $index IF EXISTS
