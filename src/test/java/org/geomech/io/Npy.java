package org.geomech.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A minimal .npy reader for tests: checks the magic, the dtype and C order, returns shape and values. */
public record Npy(int[] shape, double[] values) {
    private static final Pattern SHAPE = Pattern.compile("'shape': \\(([0-9, ]*)\\)");

    public static Npy read(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = new byte[6];
        b.get(magic);
        if (!Arrays.equals(magic, new byte[]{(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'})) throw new IOException("not an npy file");
        if (b.get() != 1 || b.get() != 0) throw new IOException("not npy format 1.0");
        int headerLength = Short.toUnsignedInt(b.getShort());
        byte[] header = new byte[headerLength];
        b.get(header);
        String h = new String(header, StandardCharsets.US_ASCII);
        if (!h.contains("'descr': '<f8'") || !h.contains("'fortran_order': False") || !h.endsWith("\n") || (10 + headerLength) % 64 != 0)
            throw new IOException("unexpected npy header: " + h);
        Matcher m = SHAPE.matcher(h);
        if (!m.find()) throw new IOException("no shape in " + h);
        int[] shape = Arrays.stream(m.group(1).split(",")).map(String::trim).filter(s -> !s.isEmpty()).mapToInt(Integer::parseInt).toArray();
        double[] values = new double[b.remaining() / 8];
        b.asDoubleBuffer().get(values);
        return new Npy(shape, values);
    }
}
