package org.geomech.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The geomech version, from the resource Maven fills in at build time. */
public final class Version {
    private Version() {}

    /** geomech's version, from version.properties ("unknown" where the resource is missing). */
    public static String geomech() {
        try (InputStream in = Version.class.getResourceAsStream("/org/geomech/version.properties")) {
            Properties p = new Properties();
            if (in != null) p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The running Java's version. */
    public static String java() { return System.getProperty("java.version"); }
}
