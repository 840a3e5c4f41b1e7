package org.geomech.io;

import org.geomech.InputException;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a NumPy .npy array of float64 or float32 (either byte order, C order, format 1.0 to 3.0) into doubles; bad files are one-line InputExceptions. */
public final class NpyReader {
    /** The array's shape and its values in C order. */
    public record Array(int[] shape, double[] values) {}

    private static final Pattern DESCR = Pattern.compile("'descr':\\s*'([<>|=])f([48])'");
    private static final Pattern SHAPE = Pattern.compile("'shape':\\s*\\(([0-9, ]*)\\)");

    private NpyReader() {}

    /** Reads the array of a .npy file. */
    public static Array read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InputException("cannot read " + file + ": " + e.getMessage(), e);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 10 || !Arrays.equals(Arrays.copyOf(bytes, 6), new byte[]{(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'}))
            throw new InputException(file + " is not an .npy file (no \\x93NUMPY magic)");
        int major = bytes[6];
        b.position(8);
        long headerLength = major == 1 ? Short.toUnsignedInt(b.getShort()) : Integer.toUnsignedLong(b.getInt());
        int start = b.position();
        if (start + headerLength > bytes.length) throw new InputException(file + ": truncated .npy header");
        String header = new String(bytes, start, (int) headerLength, StandardCharsets.ISO_8859_1);
        Matcher d = DESCR.matcher(header), s = SHAPE.matcher(header);
        if (!d.find()) throw new InputException(file + ": only float64 or float32 .npy arrays can be read, header says " + header.trim());
        if (header.contains("'fortran_order': True")) throw new InputException(file + ": Fortran-ordered .npy arrays are not supported; save with C order");
        if (!s.find()) throw new InputException(file + ": no shape in the .npy header");
        String[] dims = Arrays.stream(s.group(1).split(",")).map(String::trim).filter(x -> !x.isEmpty()).toArray(String[]::new);
        if (!Arrays.stream(dims).allMatch(n -> n.matches("\\d{1,30}"))) throw new InputException(file + ": malformed shape (" + s.group(1) + ") in the .npy header");
        int width = d.group(2).equals("8") ? 8 : 4;
        b.position(start + (int) headerLength);
        b.order(d.group(1).equals(">") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        // the data's length decides: a shape claiming more values than the file holds is refused before any allocation
        BigInteger needed = BigInteger.valueOf(width);
        for (String n : dims) needed = needed.multiply(new BigInteger(n));
        if (!needed.equals(BigInteger.valueOf(b.remaining())))
            throw new InputException(file + ": shape (" + String.join(", ", dims) + ") needs " + needed + " bytes of data, the file has " + b.remaining());
        if (Arrays.stream(dims).anyMatch(n -> new BigInteger(n).bitLength() > 31))
            throw new InputException(file + ": shape (" + String.join(", ", dims) + ") has a dimension above 2^31 - 1");
        int[] shape = Arrays.stream(dims).mapToInt(Integer::parseInt).toArray();
        double[] values = new double[b.remaining() / width];
        for (int i = 0; i < values.length; i++) values[i] = width == 8 ? b.getDouble() : b.getFloat();
        return new Array(shape, values);
    }
}
