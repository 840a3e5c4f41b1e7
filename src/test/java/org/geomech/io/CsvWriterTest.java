package org.geomech.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** CSV cells: doubles read back bit for bit, text with commas or quotes quoted. */
class CsvWriterTest {
    @Test
    void fullPrecisionAndQuoting(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.csv");
        double third = 1.0 / 3, tiny = Math.nextUp(0.1 + 0.2);
        CsvWriter.write(file, List.of("name", "x", "y", "n"), List.of(List.of("atan2(y, x)", third, tiny, 7L), List.of("say \"hi\"", -0.0, 1e-300, 0)));
        List<String> lines = Files.readAllLines(file);
        assertEquals("name,x,y,n", lines.get(0));
        String[] first = lines.get(1).split(",(?=[^\"]*$)");
        assertEquals("\"atan2(y, x)\"", first[0]);
        assertEquals(third, Double.parseDouble(first[1]));
        assertEquals(tiny, Double.parseDouble(first[2]));
        assertEquals("\"say \"\"hi\"\"\",-0.0,1.0E-300,0", lines.get(2));
    }
}
