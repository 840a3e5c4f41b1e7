package org.geomech.io;

import org.geomech.InputException;
import org.geomech.ensemble.SweepPlan;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A final-states file written slab by slab as a run in slabs hands the slabs' final states on, in launch member order:
 * final-states.csv (point, member, components) or final-states.npy (members x components, sweep points one after another,
 * its shape known from the plan before the first slab), byte for byte the file RunFiles writes of a launch held at once.
 * Resumed, it goes on after the rows of the members before the first slab it is given (those the checkpoint's slabs
 * handed on), cutting off whatever a killed run wrote past them.
 */
final class FinalStateFile implements Closeable {
    private final Path file;
    private final SweepPlan plan;
    private final int components;
    /** The csv file's rows (null: npy). */
    private final RowWriter csv;
    /** The npy file's data (null: csv). */
    private final FileChannel npy;
    /** The launch member whose row comes next. */
    private long reached;

    private FinalStateFile(Path file, SweepPlan plan, int components, RowWriter csv, FileChannel npy, long reached) {
        this.file = file;
        this.plan = plan;
        this.components = components;
        this.csv = csv;
        this.npy = npy;
        this.reached = reached;
    }

    /**
     * The file (npy where npy, else csv) of a launch of plan's members with components, to be written from launch member first
     * on: created with its header where first is 0, else opened after the rows of the members before first.
     */
    static FinalStateFile open(Path file, boolean npy, List<String> components, SweepPlan plan, long first) {
        long rows = rowsBefore(plan, first);
        try {
            if (npy) return new FinalStateFile(file, plan, components.size(), null, npyAfter(file, components.size(), plan, rows, first == 0), first);
            return new FinalStateFile(file, plan, components.size(), csvAfter(file, components, rows, first == 0), null, first);
        } catch (NoSuchFileException e) {
            throw cutShort(file, rows);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    // the npy file with its header (fresh), or cut back to its header and rows rows
    private static FileChannel npyAfter(Path file, int n, SweepPlan plan, long rows, boolean fresh) throws IOException {
        byte[] header = NpyWriter.header(Math.multiplyExact(plan.points(), plan.members()), n);
        if (fresh) {
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            for (ByteBuffer b = ByteBuffer.wrap(header); b.hasRemaining(); ) channel.write(b);
            return channel;
        }
        long at = header.length + 8 * rows * n;
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        ByteBuffer read = ByteBuffer.allocate(header.length);
        for (int got = 0; got >= 0 && read.hasRemaining(); ) got = channel.read(read, read.position());
        if (channel.size() < at || !Arrays.equals(read.array(), header)) {
            channel.close();
            throw cutShort(file, rows);
        }
        channel.truncate(at);
        channel.position(at);
        return channel;
    }

    // the csv file with its header line (fresh), or cut back to its header and rows rows
    private static RowWriter csvAfter(Path file, List<String> components, long rows, boolean fresh) throws IOException {
        if (!fresh) return RowWriter.after(file, afterLines(file, 1 + rows, rows));
        RowWriter w = RowWriter.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        List<String> columns = new ArrayList<>(List.of("point", "member"));
        columns.addAll(components);
        w.row(CsvWriter.line(columns));
        w.flush();
        return w;
    }

    /** Appends the final states of launch members first .. first + count - 1 (member-major), the padding left out; first is where the file stands. */
    void append(long first, int count, double[] states) {
        if (first != reached) throw new IllegalStateException(file + " stands at member " + reached + ", not " + first);
        try {
            ByteBuffer buffer = npy == null ? null : ByteBuffer.allocate(8 * 8192).order(ByteOrder.LITTLE_ENDIAN);
            for (int j = 0; j < count; j++) {
                int g = Math.toIntExact(first + j);
                if (plan.padding(g)) continue;
                if (npy == null) {
                    List<Object> row = new ArrayList<>(List.of(plan.point(g), plan.local(g)));
                    for (int c = 0; c < components; c++) row.add(states[j * components + c]);
                    csv.row(CsvWriter.line(row));
                    continue;
                }
                for (int c = 0; c < components; c++) {
                    if (!buffer.hasRemaining()) drain(buffer);
                    buffer.putDouble(states[j * components + c]);
                }
            }
            if (npy == null) csv.flush();
            else drain(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        reached = first + count;
    }

    @Override
    public void close() {
        try {
            if (csv != null) csv.close();
            else npy.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    // writes what the buffer holds and empties it
    private void drain(ByteBuffer buffer) throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) npy.write(buffer);
        buffer.clear();
    }

    // the rows of the launch members before first: each sweep point's members below it, its padding left out
    private static long rowsBefore(SweepPlan plan, long first) {
        long rows = 0;
        for (int p = 0; p < plan.points(); p++) rows += Math.max(0, Math.min(plan.members(), first - plan.first(p)));
        return rows;
    }

    // the length of the file's first lines lines (its header and rows rows)
    private static long afterLines(Path file, long lines, long rows) throws IOException {
        long at = 0, seen = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int read; (read = in.read(buffer)) > 0; at += read)
                for (int i = 0; i < read; i++)
                    if (buffer[i] == '\n' && ++seen == lines) return at + i + 1;
        }
        throw cutShort(file, rows);
    }

    private static InputException cutShort(Path file, long rows) {
        return new InputException(file + " does not hold the " + rows + " final states its checkpoint's slabs wrote: it was changed since; run again without resuming");
    }
}
