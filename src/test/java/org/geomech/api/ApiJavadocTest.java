package org.geomech.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DocumentationTool;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every public type and member of org.geomech.api is documented: javadoc with every doclint check reports nothing. */
class ApiJavadocTest {
    @TempDir
    Path dir;

    @Test
    void javadocWithoutWarnings() throws Exception {
        DocumentationTool javadoc = ToolProvider.getSystemDocumentationTool();
        List<String> args = new ArrayList<>(List.of("-Xdoclint:all", "-quiet", "-d", dir.toString(), "-cp", System.getProperty("java.class.path")));
        try (Stream<Path> files = Files.list(Path.of("src/main/java/org/geomech/api"))) {
            files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> args.add(f.toString()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
        int rc = javadoc.run(null, stream, stream, args.toArray(new String[0]));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, report);
        assertEquals("", report.lines().filter(l -> l.contains("warning") || l.contains("error")).reduce("", (a, b) -> a + b + "\n"), report);
    }
}
