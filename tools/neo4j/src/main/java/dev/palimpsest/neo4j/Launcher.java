package dev.palimpsest.neo4j;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;
import org.neo4j.kernel.api.impl.index.LuceneSettings;
import org.neo4j.logging.log4j.Log4jLogProvider;

/**
 * Embedded Neo4j Community with Bolt on 127.0.0.1:&lt;port&gt;, no HTTP.
 * Usage: Launcher &lt;home&gt; [port]. Env: NEO4J_PASSWORD (auth on, password of user neo4j;
 * unset = auth off), NEO4J_PAGECACHE (default 256m). Extra settings: &lt;home&gt;/neo4j.conf.
 */
public final class Launcher {
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: Launcher <home> [port]");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 7687;
        String password = System.getenv("NEO4J_PASSWORD");
        boolean auth = password != null && !password.isEmpty();
        String pageCache = System.getenv().getOrDefault("NEO4J_PAGECACHE", "256m");

        DatabaseManagementServiceBuilder builder = new DatabaseManagementServiceBuilder(home)
                .setUserLogProvider(new Log4jLogProvider(System.out))
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, auth)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.parse(pageCache))
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                // Netty's default 5 s quiet period (per event loop group) makes stop take ~10 s.
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 1)
                // A vector index populated in one pass (created on existing data, or dropped and
                // made again) is otherwise left in one Lucene segment per flush, never merged
                // (merge factor 1000), and each search walks every segment's graph: 32 segments
                // at 10k, 96 at 1M. Merging pairs while populating leaves one (docs/storage.md,
                // "One segment").
                .setConfig(LuceneSettings.vector_population_merge_factor, 2)
                .setConfig(LuceneSettings.vector_population_ram_buffer_size, populationBufferMb());
        Path conf = home.resolve("neo4j.conf");
        if (Files.isRegularFile(conf)) {
            builder.loadPropertiesFromFile(conf);
        }
        DatabaseManagementService dbms;
        try {
            dbms = builder.build();
        } catch (Throwable t) {
            fail(t);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            dbms.shutdown();
            System.out.println("PALIMPSEST_NEO4J_STOPPED");
            System.out.flush();
        }, "neo4j-shutdown"));

        try {
            if (auth) {
                try {
                    dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
                            "ALTER USER neo4j SET PASSWORD $pw CHANGE NOT REQUIRED", Map.of("pw", password));
                } catch (RuntimeException e) {
                    // Unchanged password is reported as an error; anything else is fatal.
                    if (!String.valueOf(e.getMessage()).contains("cannot be the same")) {
                        throw e;
                    }
                }
            }
            while (!dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME).isAvailable(1000)) {
                System.out.println("waiting for the default database...");
            }
            System.out.println("PALIMPSEST_NEO4J_READY bolt://127.0.0.1:" + port);
            System.out.flush();
        } catch (Throwable t) {
            fail(t); // System.exit runs the shutdown hook
        }
        new CountDownLatch(1).await();
    }

    /** A quarter of the heap, at most 2 GB (Lucene's limit per writer thread). */
    private static double populationBufferMb() {
        return Math.min(2047.0, Runtime.getRuntime().maxMemory() / 4.0 / (1024 * 1024));
    }

    private static void fail(Throwable t) {
        t.printStackTrace();
        Throwable root = t;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        System.err.println("PALIMPSEST_NEO4J_FAILED " + root);
        System.exit(1);
    }
}
