package org.geomech;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The launcher gives the heap transparent huge pages where the kernel offers them (jvm.sh: heap_options_for its
 * setting, /sys/kernel/mm/transparent_hugepage/enabled): -XX:+UseTransparentHugePages where the setting's chosen mode is
 * always or madvise, nothing where it is never or there is no such file (the JVM would print a warning on stdout).
 */
class LauncherHeapOptionsTest {
    private static final String THP = "-XX:+UseTransparentHugePages";
    private static final Path SETTING = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    @TempDir
    Path dir;

    @Test
    void theHeapTakesHugePagesWhereTheKernelsSettingOffersThem() throws Exception {
        assertEquals(List.of(THP), optionsFor("always [madvise] never"));
        assertEquals(List.of(THP), optionsFor("[always] madvise never"));
        assertEquals(List.of(), optionsFor("always madvise [never]"));
        assertEquals(List.of(), options(dir.resolve("none")));
    }

    @Test
    void theLauncherPassesThemToTheJvm() throws Exception {
        List<String> args = LauncherCopy.javaArguments(LauncherCopy.of(dir), dir, dir.resolve("cache"));
        String setting = Files.isReadable(SETTING) ? Files.readString(SETTING) : "";
        boolean offered = setting.contains("[always]") || setting.contains("[madvise]");
        assertEquals(offered, args.contains(THP), setting + " -> " + String.join(" ", args));
    }

    // heap_options after heap_options_for a setting file with this text
    private List<String> optionsFor(String setting) throws Exception { return options(Files.writeString(dir.resolve("enabled"), setting + "\n")); }

    // heap_options after heap_options_for this file (which need not exist)
    private List<String> options(Path file) throws Exception {
        return LaunchersJava.jvmSh("heap_options_for " + file + " && printf '%s\\n' ${heap_options[@]+\"${heap_options[@]}\"}");
    }
}
