package org.geomech.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** .npy files read back with their shape and bitwise their values. */
class NpyWriterTest {
    @TempDir
    Path dir;

    @Test
    void threeDimensionalArrayRoundTrips() throws Exception {
        double[] data = new double[2 * 3 * 4];
        for (int i = 0; i < data.length; i++) data[i] = Math.PI * i - 1e-300 * i;
        NpyWriter.write(dir.resolve("a.npy"), data, 2, 3, 4);
        Npy back = Npy.read(dir.resolve("a.npy"));
        assertArrayEquals(new int[]{2, 3, 4}, back.shape());
        assertArrayEquals(data, back.values(), 0.0);
    }

    @Test
    void oneDimensionalShapeHasTheTupleComma() throws Exception {
        NpyWriter.write(dir.resolve("b.npy"), new double[]{1, Double.NaN, Double.NEGATIVE_INFINITY}, 3);
        Npy back = Npy.read(dir.resolve("b.npy"));
        assertArrayEquals(new int[]{3}, back.shape());
        assertArrayEquals(new double[]{1, Double.NaN, Double.NEGATIVE_INFINITY}, back.values(), 0.0);
    }

    @Test
    void wrongShapeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> NpyWriter.write(dir.resolve("c.npy"), new double[5], 2, 3));
    }
}
