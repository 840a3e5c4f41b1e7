package org.geomech.backend.simd;

import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Generated kernels are cached on disk by a hash of their source, so a repeated run skips javac. */
class KernelCacheTest {
    @Test
    void aCompiledKernelIsStoredUnderTheHashOfItsSourceAndReadBack() throws Exception {
        // surefire points geomech.cache at target/kernel-cache; compiling a kernel leaves its class file there
        var step = Methods.parse("lobatto-nh:2").build(Library.system("cvt"));
        StepKernelSource source = StepKernelSource.of(step, java.util.List.of(), LaneStepper.LANES);
        KernelCompiler.load(source);
        Path file = KernelCache.directory().resolve(KernelCache.key(source.text()) + ".class");
        assertTrue(Files.isRegularFile(file), "class file " + file);
        byte[] bytes = Files.readAllBytes(file);
        assertEquals(0xCAFEBABE, ((bytes[0] & 0xff) << 24) | ((bytes[1] & 0xff) << 16) | ((bytes[2] & 0xff) << 8) | (bytes[3] & 0xff), "a class file");
        assertArrayEquals(bytes, KernelCache.get(source.text()).orElseThrow(), "read back as written");
        assertNotEquals(KernelCache.key(source.text()), KernelCache.key(source.text() + " "), "another source, another key");
        assertTrue(KernelCache.get(source.text() + "// not compiled").isEmpty(), "no class file for a source never compiled");
    }

    @Test
    void aOneCharacterChangeFlipsHalfTheKeysBits() {
        // the key is 128 bits in hex; over 2,000 one-character changes of a kernel's source (each position in turn, its
        // character replaced by the next one) the keys are distinct and a change flips 64 of the 128 bits on average,
        // as a random function would (its standard deviation over 2,000 changes: 0.13 bits)
        var step = Methods.parse("lobatto-nh:2").build(Library.system("chaotic-nh"));
        String text = StepKernelSource.of(step, java.util.List.of(), LaneStepper.LANES).text();
        String key = KernelCache.key(text);
        assertTrue(key.matches("[0-9a-f]{32}"), key);
        assertEquals(key, KernelCache.key(text), "the same source, the same key");
        java.util.Set<String> keys = new java.util.HashSet<>(java.util.List.of(key));
        long flipped = 0;
        int changes = 2000;
        for (int k = 0; k < changes; k++) {
            int at = (int) ((long) k * text.length() / changes);
            String changed = text.substring(0, at) + (char) (text.charAt(at) + 1) + text.substring(at + 1), other = KernelCache.key(changed);
            assertTrue(keys.add(other), "distinct keys: the change at " + at);
            flipped += Long.bitCount(Long.parseUnsignedLong(key.substring(0, 16), 16) ^ Long.parseUnsignedLong(other.substring(0, 16), 16))
                    + Long.bitCount(Long.parseUnsignedLong(key.substring(16), 16) ^ Long.parseUnsignedLong(other.substring(16), 16));
        }
        double mean = (double) flipped / changes;
        assertTrue(Math.abs(mean - 64) < 1, "bits flipped by a one-character change, on average: " + mean);
    }

    @Test
    void anUnwritableCacheIsSkipped() throws Exception {
        // the cache directory is a regular file: nothing can be stored, nothing is found, and nothing is thrown
        Path notADirectory = Files.createTempFile("geomech-cache", ".file");
        String previous = System.getProperty("geomech.cache");
        System.setProperty("geomech.cache", notADirectory.toString());
        try {
            KernelCache.put("class X {}", new byte[]{1, 2, 3});
            assertTrue(KernelCache.get("class X {}").isEmpty());
        } finally {
            if (previous == null) System.clearProperty("geomech.cache");
            else System.setProperty("geomech.cache", previous);
            Files.delete(notADirectory);
        }
    }
}
