package org.geomech.backend.simd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Compiled kernel classes on disk, so a repeated run skips javac: one file per generated source,
 * named by a hash of the source text and the running JDK's version (key), under the system property geomech.cache,
 * else $GEOMECH_CACHE, else ~/.cache/geomech/kernels. A cache that cannot be read or written is skipped: the
 * kernel is compiled as without one.
 */
final class KernelCache {
    private KernelCache() {}

    static Path directory() {
        String dir = System.getProperty("geomech.cache", System.getenv("GEOMECH_CACHE"));
        return dir != null && !dir.isBlank() ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".cache", "geomech", "kernels");
    }

    /** The class file compiled earlier from this source by this JDK, if cached. */
    static Optional<byte[]> get(String source) { return read(key(source)); }

    /** The class file of the source of this key (key(source)), if cached. */
    static Optional<byte[]> read(String key) {
        try {
            Path file = directory().resolve(key + ".class");
            return Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Stores the class file of this source (written to a temporary file, then moved in place atomically). */
    static void put(String source, byte[] classFile) { write(key(source) + ".class", classFile); }

    /** Writes a file of the cache's folder (a temporary file moved in place atomically); an unwritable cache is skipped. */
    static void write(String name, byte[] content) {
        try {
            Path dir = Files.createDirectories(directory());
            Path tmp = Files.createTempFile(dir, "kernel", ".tmp");
            Files.write(tmp, content);
            Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | UnsupportedOperationException e) {
            // an unwritable cache only costs the next run a compilation
        }
    }

    /**
     * The name of this source's class file: a 128-bit hash of the running JDK's version and the source, 32 hex digits
     * (two 64-bit lanes, each multiplied and rotated per character, then MurmurHash3's finaliser). Not SHA-256: a fresh
     * JVM took 25-40 ms to start the JDK's security providers for MessageDigest, on the kernel forecast's thread, whose
     * warm-up the first step waits for (benchmarks/RESULTS.md); the texts are geomech's own kernels in the user's own cache.
     */
    static String key(String source) {
        String text = Runtime.version() + "\0" + source;
        long a = 0x9E3779B97F4A7C15L, b = 0xD6E8FEB86659FD93L;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            a = Long.rotateLeft((a ^ c) * 0xFF51AFD7ED558CCDL, 31);
            b = Long.rotateLeft((b ^ c) * 0xC4CEB9FE1A85EC53L, 27);
        }
        HexFormat hex = HexFormat.of();
        return hex.toHexDigits(finish(a ^ text.length())) + hex.toHexDigits(finish(b ^ a));
    }

    // MurmurHash3's 64-bit finaliser: every bit of h reaches every bit of the result
    private static long finish(long h) {
        h = (h ^ (h >>> 33)) * 0xFF51AFD7ED558CCDL;
        h = (h ^ (h >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return h ^ (h >>> 33);
    }
}
