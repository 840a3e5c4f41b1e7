package org.geomech;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher (./geomech) on first contact, in copies of the project with a stand-in Maven and a stand-in JDK (scripts
 * that record what they are asked and print their arguments): two launches at once of a checkout without a jar run one
 * build and both run its jar, the build's progress on stderr has no terminal escape codes, each checkout keeps its own
 * class-data-sharing archive, replacing only its own older ones, and the archive is trained once per jar and JDK by a
 * short simd run, without the caller's JAVA_TOOL_OPTIONS (an agent there would keep the JVM from dumping it).
 */
class LauncherTest {
    @TempDir
    Path dir;

    @Test
    void concurrentFirstLaunchesWaitForOneBuild() throws Exception {
        Path root = checkout("a", false);
        Path builds = dir.resolve("builds.txt"), release = dir.resolve("release");
        // a Maven that prints as Maven 3.8 does on a terminal (escape codes even in batch mode) and makes the jar once the test lets it
        Path bin = Files.createDirectories(dir.resolve("bin"));
        executable(bin.resolve("mvn"), "#!/usr/bin/env bash\necho \"$$ $*\" >> '" + builds + "'\n"
                + "printf '\\033[0m\\033[0m[INFO] Scanning for projects...\\n'\n"
                + "printf '[INFO] --- maven-compiler-plugin:3.13.0:compile (default-compile) @ geomech ---\\n'\n"
                + "printf '[INFO] Compiling 3 source files with javac [debug release 17] to target/classes\\n'\n"
                + "for i in $(seq 1200); do [ -f '" + release + "' ] && break; sleep 0.1; done\n"
                + "mkdir -p target && printf jar > target/geomech.jar\nprintf '\\033[1m[INFO] BUILD SUCCESS\\033[m\\n'\n");
        Path java = jdk(17);
        Map<String, String> env = Map.of("PATH", bin + ":" + System.getenv("PATH"), "GEOMECH_JAVA", java.toString(), "GEOMECH_CDS", "off");
        // two launches at once, a third once the build runs: it says it waits
        List<Process> launches = new ArrayList<>();
        for (int k = 0; k < 2; k++) launches.add(start(root, env, dir.resolve("err" + k + ".txt"), "list"));
        try {
            await(() -> Files.exists(builds), "Maven started");
            launches.add(start(root, env, dir.resolve("err2.txt"), "list"));
            await(() -> Files.readString(dir.resolve("err2.txt")).contains("geomech: waiting for another launch that builds target/geomech.jar"), "the third launch waits");
        } finally {
            Files.writeString(release, "");   // the build ends, and every launch with it
        }
        for (int k = 0; k < launches.size(); k++) {
            Process p = launches.get(k);
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(2, TimeUnit.MINUTES), "launch " + k + " ended");
            String err = Files.readString(dir.resolve("err" + k + ".txt"));
            assertEquals(0, p.exitValue(), err);
            assertTrue(out.lines().toList().containsAll(List.of("-jar", root.resolve("target/geomech.jar").toString(), "list")), out);
            assertFalse(err.contains("\033"), "no escape codes on stderr: " + err);
        }
        List<String> built = Files.readAllLines(builds);
        assertEquals(1, built.size(), "one build for three launches: " + built);
        assertTrue(built.get(0).endsWith(" -B -Dstyle.color=never -Dmaven.test.skip=true package"), built.get(0));
        String all = Files.readString(dir.resolve("err0.txt")) + Files.readString(dir.resolve("err1.txt"));
        assertTrue(all.contains("geomech: build: compile\ngeomech: build: Compiling 3 source files with javac [debug release 17] to target/classes\n"), all);
        assertTrue(Files.readString(root.resolve("target/build.log")).contains("[INFO] Scanning for projects...\n"), "Maven's whole log, without escape codes");
    }

    private interface Condition { boolean holds() throws IOException; }

    private static void await(Condition c, String what) throws IOException, InterruptedException {
        for (long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(1); !c.holds(); Thread.sleep(50))
            if (System.nanoTime() > end) throw new AssertionError("not within a minute: " + what);
    }

    @Test
    void eachCheckoutKeepsItsOwnClassDataArchive() throws Exception {
        Path a = checkout("a", true), b = checkout("b", true), cache = dir.resolve("cache");
        // a JDK 25 that makes the archive its training run is given
        Path java = jdk(25);
        Map<String, String> env = Map.of("GEOMECH_JAVA", java.toString(), "XDG_CACHE_HOME", cache.toString());
        Path archiveA = archive(run(a, env)), archiveB = archive(run(b, env));
        assertTrue(Files.exists(archiveA) && Files.exists(archiveB), archiveA + ", " + archiveB);
        assertFalse(archiveA.getParent().equals(archiveB.getParent()), "one folder per checkout: " + archiveA + ", " + archiveB);
        assertEquals(a.toString(), Files.readString(archiveA.getParent().resolve("checkout")).strip(), "the folder names its checkout");
        // b's jar rebuilt: b's new archive replaces b's old one, a's stays
        Path jar = b.resolve("target/geomech.jar");
        Files.writeString(jar, "a newer jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 120_000));
        Path newB = archive(run(b, env));
        assertFalse(newB.equals(archiveB), "a new jar, a new archive");
        assertTrue(Files.exists(newB) && !Files.exists(archiveB), "b's old archive removed");
        assertTrue(Files.exists(archiveA), "a's archive kept");
        assertEquals(archiveA, archive(run(a, env)), "a's runs go on using its archive");
    }

    @Test
    void theArchiveIsTrainedOncePerJarAndJdkBySimdRun() throws Exception {
        Path a = checkout("a", true), cache = dir.resolve("cache");
        Path java = jdk(17);
        Map<String, String> env = Map.of("GEOMECH_JAVA", java.toString(), "XDG_CACHE_HOME", cache.toString());
        Path first = archive(run(a, env)), second = archive(run(a, env));
        assertEquals(first, second, "later launches use the archive made first");
        assertEquals("archive", Files.readString(first), "the archive the training run wrote");
        assertTrue(first.getFileName().toString().startsWith("geomech-jdk17-17.0.1-"), "named by the JDK's version: " + first);
        List<String> training = calls(java).stream().filter(c -> c.contains("-XX:ArchiveClassesAtExit=")).toList();
        assertEquals(1, training.size(), "one training run for two launches: " + calls(java));
        assertTrue(training.get(0).contains(" -jar " + a.resolve("target/geomech.jar") + " run --model chaotic-nh --method lobatto-nh:2 ")
                && training.get(0).contains(" --backend simd "), "a short simd run trains it: " + training.get(0));
        assertEquals(3, calls(java).size(), "the training run and the two commands: " + calls(java));
        // a JDK whose training leaves no archive: its launches run without one, and train once only
        Path failing = jdk(21, false);
        Map<String, String> env21 = Map.of("GEOMECH_JAVA", failing.toString(), "XDG_CACHE_HOME", cache.toString());
        for (int k = 0; k < 2; k++) assertTrue(run(a, env21).stream().noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile=")), "no archive to share");
        assertEquals(1, calls(failing).stream().filter(c -> c.contains("-XX:ArchiveClassesAtExit=")).count(), "no second try: " + calls(failing));
        assertTrue(Files.exists(first), "JDK 17's archive kept beside JDK 21's attempt");
        // while another launch trains (holds the folder's lock), a launch runs at once without an archive; once that
        // launch is gone, the next one trains
        Path java25 = jdk(25);
        Map<String, String> env25 = Map.of("GEOMECH_JAVA", java25.toString(), "XDG_CACHE_HOME", cache.toString());
        Process holder = new ProcessBuilder("flock", "--close", first.getParent().resolve(".train.lock").toString(), "sleep", "60").start();
        try {
            Thread.sleep(500);
            assertTrue(run(a, env25).stream().noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile=")), "no archive while another launch trains");
            assertTrue(calls(java25).stream().noneMatch(c -> c.contains("-XX:ArchiveClassesAtExit=")), "no second training at once");
        } finally {
            holder.descendants().forEach(ProcessHandle::destroy);
            holder.destroy();
            holder.waitFor();
        }
        assertEquals("archive", Files.readString(archive(run(a, env25))), "trained once the lock is free");
    }

    @Test
    void theCallersJavaToolOptionsReachTheCommandButNotTheTraining() throws Exception {
        // a JVMTI agent in JAVA_TOOL_OPTIONS (a profiler) makes a JVM refuse to dump an archive, as the stand-in does:
        // the first launch under it still leaves the build its archive, and the command itself runs with the agent
        Path a = checkout("a", true), cache = dir.resolve("cache");
        Path java = jdk(25);
        String agent = "-agentpath:/opt/profiler/libprofiler.so=start";
        Map<String, String> env = Map.of("GEOMECH_JAVA", java.toString(), "XDG_CACHE_HOME", cache.toString(), "JAVA_TOOL_OPTIONS", agent,
                "JDK_JAVA_OPTIONS", "-Xmx1g");
        assertEquals("archive", Files.readString(archive(run(a, env))), "the training run dumped its archive");
        List<String> calls = calls(java);
        assertEquals(2, calls.size(), "the training run and the command: " + calls);
        assertTrue(calls.get(0).contains("-XX:ArchiveClassesAtExit=") && !calls.get(0).contains("JAVA_OPTIONS="),
                "the training run without the caller's options: " + calls.get(0));
        assertTrue(calls.get(1).endsWith(" [JAVA_TOOL_OPTIONS=" + agent + "] [JDK_JAVA_OPTIONS=-Xmx1g]"), "the command with them: " + calls.get(1));
    }

    // A copy of the launcher in a project folder; with a jar newer than its sources, or none
    private Path checkout(String name, boolean withJar) throws IOException {
        Path root = Files.createDirectories(dir.resolve(name));
        for (String f : List.of("geomech", "jvm.sh", "jvm.options", "jvm.directives")) Files.copy(Path.of(f), root.resolve(f), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Files.setLastModifiedTime(root.resolve("src"), FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        if (withJar) Files.writeString(Files.createDirectories(root.resolve("target")).resolve("geomech.jar"), "jar of " + name);
        return root;
    }

    // A stand-in JDK of the given feature version: its java prints its arguments, records them on one line of calls.txt
    // beside it (and the JAVA_TOOL_OPTIONS and JDK_JAVA_OPTIONS it was given, where set), and, where dumps and
    // JAVA_TOOL_OPTIONS names no agent (a JVM refuses to dump with a JVMTI agent), writes the archive
    // -XX:ArchiveClassesAtExit names
    private Path jdk(int version, boolean dumps) throws IOException {
        Path home = Files.createDirectories(dir.resolve("jdk" + version + (dumps ? "" : "-nodump")).resolve("bin")).getParent();
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + ".0.1\"\n");
        return executable(home.resolve("bin/java"), "#!/usr/bin/env bash\n"
                + "echo \"$*${JAVA_TOOL_OPTIONS+ [JAVA_TOOL_OPTIONS=$JAVA_TOOL_OPTIONS]}${JDK_JAVA_OPTIONS+ [JDK_JAVA_OPTIONS=$JDK_JAVA_OPTIONS]}\" >> '"
                + home.resolve("calls.txt") + "'\n"
                + (dumps ? "case \"$JAVA_TOOL_OPTIONS\" in *-agent*) ;; *) for a in \"$@\"; do case \"$a\" in -XX:ArchiveClassesAtExit=*) printf archive > \"${a#*=}\";; esac; done;; esac\n" : "")
                + "printf '%s\\n' \"$@\"\n");
    }

    private Path jdk(int version) throws IOException { return jdk(version, true); }

    // The command lines the stand-in java was started with
    private static List<String> calls(Path java) throws IOException {
        Path calls = java.getParent().getParent().resolve("calls.txt");
        return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
    }

    private static Path executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private static Process start(Path root, Map<String, String> env, Path err, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("geomech").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    // The arguments the launcher gave java, after exit 0
    private List<String> run(Path root, Map<String, String> env) throws IOException, InterruptedException {
        Process p = start(root, env, dir.resolve("err.txt"), "list");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        return out.lines().toList();
    }

    private static Path archive(List<String> javaArgs) {
        try (Stream<String> s = javaArgs.stream()) {
            return Path.of(s.filter(a -> a.startsWith("-XX:SharedArchiveFile=")).findFirst().orElseThrow(() -> new AssertionError("no archive: " + javaArgs))
                    .substring("-XX:SharedArchiveFile=".length()));
        }
    }
}
