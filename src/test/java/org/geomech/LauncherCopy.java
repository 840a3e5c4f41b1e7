package org.geomech;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A copy of the launcher (./geomech, jvm.sh, jvm.options, jvm.directives) in a project whose jar is newer than its sources, so nothing is built. */
public final class LauncherCopy {
    private LauncherCopy() {}

    /** The copy's root, made under dir/project; its launcher is root/geomech. */
    public static Path of(Path dir) throws IOException {
        Path root = Files.createDirectories(dir.resolve("project"));
        for (String f : List.of("geomech", "jvm.sh", "jvm.options", "jvm.directives")) Files.copy(Path.of(f), root.resolve(f));
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Path jar = Files.createDirectories(root.resolve("target")).resolve("geomech.jar");
        Files.writeString(jar, "");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        return root;
    }

    /**
     * The arguments a copy's launcher (root, from of) passes to java for `geomech list`, with XDG_CACHE_HOME set to
     * cache: GEOMECH_JAVA names a script in dir that prints its arguments instead of starting a JVM.
     */
    public static List<String> javaArguments(Path root, Path dir, Path cache) throws IOException, InterruptedException {
        Path fake = Files.writeString(dir.resolve("java"), "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        return run(List.of(root.resolve("geomech").toString(), "list"), fake, cache);
    }

    /**
     * Runs a command in the current folder with XDG_CACHE_HOME set to cache (and GEOMECH_JAVA to java where given, the
     * class-data archive off); its standard output lines, after exit 0.
     */
    public static List<String> run(List<String> cmd, Path java, Path cache) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        pb.environment().put("GEOMECH_CDS", "off");
        if (java != null) pb.environment().put("GEOMECH_JAVA", java.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }
}
