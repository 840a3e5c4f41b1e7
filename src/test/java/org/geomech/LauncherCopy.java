package org.geomech;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/** A copy of the launcher (./geomech, jvm.sh, jvm.options) in a project whose jar is newer than its sources, so nothing is built. */
public final class LauncherCopy {
    private LauncherCopy() {}

    /** The copy's root, made under dir/project; its launcher is root/geomech. */
    public static Path of(Path dir) throws IOException {
        Path root = Files.createDirectories(dir.resolve("project"));
        for (String f : List.of("geomech", "jvm.sh", "jvm.options")) Files.copy(Path.of(f), root.resolve(f));
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Path jar = Files.createDirectories(root.resolve("target")).resolve("geomech.jar");
        Files.writeString(jar, "");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        return root;
    }
}
