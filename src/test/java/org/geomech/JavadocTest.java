package org.geomech;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library's comments, by javadoc with every doclint check over every main source file (backend.simd included): every
 * public and protected member has a comment; org.geomech.api has every @param and @return as well and no other finding;
 * elsewhere the only findings are those @param, @return and @throws tags, which "missing" asks for beside the comment.
 * The one line javadoc prints of itself, "using incubating module(s)" for the Vector API, is not about the comments.
 */
class JavadocTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern FINDING = Pattern.compile("^(?:(\\S+\\.java):\\d+: )?(warning|error): (.*)$");
    private static final Pattern TAG_ONLY = Pattern.compile("no @param for .*|no @return|no @throws for .*");

    @TempDir
    Path dir;

    @Test
    void everyPublicMemberHasItsCommentAndTheApiEveryTag() throws Exception {
        DocumentationTool javadoc = ToolProvider.getSystemDocumentationTool();
        List<String> args = new ArrayList<>(List.of("-Xdoclint:all", "-Xmaxwarns", "100000", "-Xmaxerrs", "100000", "--add-modules",
                "jdk.incubator.vector", "-source", "17", "-quiet", "-d", dir.toString(), "-cp", System.getProperty("java.class.path")));
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> args.add(f.toString()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
        int rc = javadoc.run(null, stream, stream, args.toArray(new String[0]));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, report);
        List<String> findings = new ArrayList<>();
        int tagsOnly = 0;
        for (String line : report.lines().toList()) {
            if (line.equals("warning: using incubating module(s): jdk.incubator.vector")) continue;
            Matcher m = FINDING.matcher(line);
            if (m.matches()) {
                boolean api = m.group(1) != null && Path.of(m.group(1)).startsWith(SOURCES.resolve("org/geomech/api"));
                if (m.group(1) != null && !api && m.group(2).equals("warning") && TAG_ONLY.matcher(m.group(3)).matches()) tagsOnly++;
                else findings.add(line);
            }
        }
        assertTrue(tagsOnly > 100, "the run reports doclint's \"missing\" findings outside the api: " + tagsOnly);
        assertEquals(List.of(), findings, "javadoc findings beside missing @param, @return and @throws tags outside org.geomech.api");
    }

    @Test
    void theLibrarysDocumentationBuildsAsMavenBuildsIt() throws Exception {
        // mvn javadoc:javadoc (pom.xml): every package but backend.simd from the source path, without the Vector API's module,
        // doclint all but "missing", a warning fails; a documented class that named a simd type would have javadoc read the
        // simd sources, whose imports of jdk.incubator.vector it cannot resolve
        DocumentationTool javadoc = ToolProvider.getSystemDocumentationTool();
        List<String> args = new ArrayList<>(List.of("-Xdoclint:all,-missing", "-source", "17", "-quiet", "-protected", "-d", dir.toString(),
                "-cp", System.getProperty("java.class.path"), "-sourcepath", SOURCES.toString()));
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java")).map(f -> SOURCES.relativize(f.getParent()).toString().replace(java.io.File.separatorChar, '.'))
                    .filter(p -> !p.equals("org.geomech.backend.simd")).distinct().sorted().forEach(args::add);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
        int rc = javadoc.run(null, stream, stream, args.toArray(new String[0]));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, report);
        assertEquals(List.of(), report.lines().filter(l -> FINDING.matcher(l).matches()).toList(), "javadoc's errors and warnings");
        assertTrue(Files.exists(dir.resolve("org/geomech/api/Run.html")), "the API's pages are written");
    }
}
