package org.geomech.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** NumPy .npy files (format version 1.0) of little-endian float64 arrays in C order, written atomically. */
public final class NpyWriter {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};

    private NpyWriter() {}

    /** Writes data (length = product of shape) as an array of the given shape. */
    public static void write(Path file, double[] data, int... shape) {
        long size = 1;
        for (int d : shape) size *= d;
        if (size != data.length) throw new IllegalArgumentException("npy: " + data.length + " values for shape " + Arrays.toString(shape));
        AtomicFile.write(file, out -> {
            out.write(header(shape));
            ByteBuffer buffer = ByteBuffer.allocate(8 * 8192).order(ByteOrder.LITTLE_ENDIAN);
            for (double d : data) {
                if (!buffer.hasRemaining()) { out.write(buffer.array(), 0, buffer.position()); buffer.clear(); }
                buffer.putDouble(d);
            }
            out.write(buffer.array(), 0, buffer.position());
        });
    }

    /** The bytes before the data of an array of the given shape: magic, version, header length, header padded to 64 bytes. */
    static byte[] header(int... shape) {
        String dims = Arrays.stream(shape).mapToObj(Integer::toString).collect(Collectors.joining(", ")) + (shape.length == 1 ? "," : "");
        String dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + dims + "), }";
        int unpadded = MAGIC.length + 2 + dict.length() + 1;
        int padding = (64 - unpadded % 64) % 64;
        byte[] header = (dict + " ".repeat(padding) + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(MAGIC, MAGIC.length + 2 + header.length);
        out[MAGIC.length] = (byte) (header.length & 0xff);
        out[MAGIC.length + 1] = (byte) (header.length >> 8);
        System.arraycopy(header, 0, out, MAGIC.length + 2, header.length);
        return out;
    }
}
