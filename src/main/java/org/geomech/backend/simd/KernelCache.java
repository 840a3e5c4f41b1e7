package org.geomech.backend.simd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Compiled kernel classes on disk, so a repeated run skips javac: one file per generated source,
 * named by the SHA-256 of the source text and the running JDK's version, under the system property geomech.cache,
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

    /** The SHA-256 of this source and the running JDK's version: the name of its class file. */
    static String key(String source) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(Runtime.version().toString().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return HexFormat.of().formatHex(sha.digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
