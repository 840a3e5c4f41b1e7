package org.geomech.spark;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster on this machine for tests: a master and workers, child JVMs of Spark's own
 * org.apache.spark.deploy.master.Master and org.apache.spark.deploy.worker.Worker from the jars on this JVM's class path,
 * every one on the loopback address and on free ports. A worker starts its executors from SPARK_HOME, so the cluster has
 * one of its own: a RELEASE file (a distribution's layout), jars/ (links to this class path's jars; the executors' class
 * path) and conf/log4j2.properties (Spark's logs at INFO, into master.log, worker-K.log and each executor's stderr in
 * the worker's work folder). Closing it kills every process it started, executors included, with SIGKILL.
 */
final class StandaloneCluster implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private static final List<String> CHILD_JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private final Path folder, home;
    private final int port;
    private final Map<String, String> environment;
    private final List<Process> workers = new ArrayList<>();
    /** Every process the cluster started or found under a worker, killed by close. */
    private final Set<ProcessHandle> started = ConcurrentHashMap.newKeySet();
    private final Thread onExit = new Thread(this::killAll, "standalone-cluster-cleanup");
    private Process master;

    private StandaloneCluster(Path folder) throws IOException {
        this.folder = folder;
        this.home = folder.resolve("spark-home");
        this.port = freePort();
        String java = System.getProperty("java.home");
        this.environment = Map.of("SPARK_HOME", home.toString(), "SPARK_LOCAL_IP", LOOPBACK, "SPARK_SCALA_VERSION", "2.13", "JAVA_HOME", java,
                "SPARK_LOCAL_DIRS", folder.resolve("local").toString());
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    /**
     * A master and workers of coresPerWorker cores each, the master accepting connections within timeout (else an
     * IllegalStateException with its log). The workers register with it on their own; a context sees their executors
     * once they have.
     */
    static StandaloneCluster start(Path folder, int workers, int coresPerWorker, Duration timeout) throws IOException, InterruptedException {
        StandaloneCluster cluster = new StandaloneCluster(folder);
        try {
            cluster.sparkHome();
            cluster.master = cluster.launch("master.log", "org.apache.spark.deploy.master.Master",
                    "--host", LOOPBACK, "--port", String.valueOf(cluster.port), "--webui-port", "0");
            cluster.awaitMaster(timeout);
            for (int k = 0; k < workers; k++) {
                Path work = Files.createDirectories(cluster.workDir(k));
                cluster.workers.add(cluster.launch("worker-" + k + ".log", "org.apache.spark.deploy.worker.Worker",
                        "--host", LOOPBACK, "--port", "0", "--webui-port", "0", "--cores", String.valueOf(coresPerWorker),
                        "--memory", "1g", "--work-dir", work.toString(), cluster.masterUrl()));
            }
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** spark://127.0.0.1:PORT */
    String masterUrl() { return "spark://" + LOOPBACK + ":" + port; }

    /** The folder where worker k keeps its applications' executors (APP/EXECUTOR/stderr). */
    Path workDir(int k) { return folder.resolve("work-" + k); }

    /** The worker whose work folder holds executor executorId of application appId; -1 for none. */
    int workerOf(String appId, String executorId) {
        for (int k = 0; k < workers.size(); k++)
            if (Files.isDirectory(workDir(k).resolve(appId).resolve(executorId))) return k;
        return -1;
    }

    /** Kills worker k's JVM with SIGKILL (its executors are left to notice, as on a machine whose worker died). */
    void killWorker(int k) throws InterruptedException {
        Process w = workers.get(k);
        w.descendants().forEach(started::add);
        w.destroyForcibly();
        if (!w.waitFor(10, TimeUnit.SECONDS)) throw new IllegalStateException("worker " + k + " outlived SIGKILL for 10 s");
    }

    /** The last lines of every log of the cluster: master, workers and executors, for a failure's message. */
    String logs() {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> files = Files.walk(folder)) {
            files.filter(f -> f.getFileName().toString().endsWith(".log") || f.getFileName().toString().equals("stderr")).sorted()
                    .forEach(f -> out.append("\n----- ").append(folder.relativize(f)).append(" (last lines)\n").append(tail(f, 40)));
        } catch (IOException e) {
            out.append("\n(logs unreadable: ").append(e.getMessage()).append(')');
        }
        return out.toString();
    }

    @Override
    public void close() {
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: the hook runs killAll anyway
        }
    }

    // SPARK_HOME: RELEASE, jars/ linking this class path's jars, conf/log4j2.properties
    private void sparkHome() throws IOException {
        Path jars = Files.createDirectories(home.resolve("jars")), conf = Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("RELEASE"), "Spark from the test class path\n");
        int linked = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (!entry.endsWith(".jar") || !Files.isRegularFile(jar)) continue;
            Files.createSymbolicLink(jars.resolve(linked++ + "-" + jar.getFileName()), jar.toAbsolutePath());
        }
        if (linked == 0 || !System.getProperty("java.class.path").contains("spark-core"))
            throw new IllegalStateException("no Spark jars on the class path: " + System.getProperty("java.class.path"));
        Files.writeString(conf.resolve("log4j2.properties"), String.join("\n",
                "rootLogger.level = info", "rootLogger.appenderRef.stderr.ref = stderr",
                "appender.console.type = Console", "appender.console.name = stderr", "appender.console.target = SYSTEM_ERR",
                "appender.console.layout.type = PatternLayout", "appender.console.layout.pattern = %d{HH:mm:ss.SSS} %p %c{1}: %m%n%ex", ""));
    }

    // A child JVM running mainClass from SPARK_HOME's conf and jars, with the JDK packages this JVM opens for Spark; output to log
    private Process launch(String log, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(CHILD_JVM);
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("--add-opens")).forEach(command::add);
        command.addAll(List.of("-cp", home.resolve("conf") + File.pathSeparator + home.resolve("jars") + File.separator + "*", mainClass));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(folder.resolve(log).toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("SPARK_"));
        pb.environment().putAll(environment);
        Process p = pb.start();
        started.add(p.toHandle());
        return p;
    }

    // Waits until the master accepts connections on its port
    private void awaitMaster(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!master.isAlive()) throw new IllegalStateException("the Spark master exited with " + master.exitValue() + logs());
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(LOOPBACK, port), 1000);
                return;
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("the Spark master did not listen on " + masterUrl() + " within " + timeout.toSeconds() + " s" + logs());
    }

    // SIGKILL to every process started here and every descendant of one (the workers' executors)
    private void killAll() {
        List<ProcessHandle> all = new ArrayList<>();
        for (ProcessHandle p : started) {
            p.descendants().forEach(all::add);
            all.add(p);
        }
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                System.err.println("standalone cluster: process " + p.pid() + " did not exit after SIGKILL: " + e);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return s.getLocalPort();
        }
    }

    private static String tail(Path file, int lines) {
        try {
            List<String> all = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
