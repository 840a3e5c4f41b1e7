package org.geomech.io;

import org.geomech.engine.Progress;
import org.geomech.engine.Stage;
import org.geomech.engine.Trajectories;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.QuantileSketch;
import org.geomech.engine.Retries;
import org.geomech.engine.SlabRun;
import org.geomech.engine.Spread;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.StepSize;
import org.geomech.InputException;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * A run's checkpoint (checkpoint.bin in its output folder): the version that wrote it, a fingerprint of the step
 * system, the run's inputs (command-line arguments and scenario text), the step sizes already finished (each by its
 * shared h, with its final states and trajectories unless a listener took them, Engine.Listener.takesStates; a launch of
 * h per member is its run's only one, never finished before a checkpoint), and where the current one stands: its
 * snapshot (rows with their reduction blocks' partials, so a sweep's rows split into its points; counters; msd
 * origins), trajectories and spread (min, std, quantiles, histograms
 * as Histogram.flat gives them: each observer's numbers in a row of the width the run's statistics give) so far,
 * and the ensemble's states and statuses, or, where the step size runs in slabs, the slabs finished so far (SlabRun.Slab,
 * without the final states a listener took; the ensemble is then empty) and the quantile sketches they fed (Spread.Sketches), and the values an exact spread holds for
 * retried members (Spread.Held). Big-endian; the last 12 bytes are the length of what precedes them and its
 * CRC-32C, so a truncated or altered file is refused before anything in it is used.
 */
public final class Checkpoint {
    /** The file's name in a run's output folder. */
    public static final String FILE = "checkpoint.bin";
    private static final byte[] MAGIC = "GEOMECH-CHECKPOINT\n".getBytes(StandardCharsets.US_ASCII);
    // 2: rows keep their block partials, stages their spread and final states, the snapshot its spread; 3: slabs; 4: a finished step
    // size's failures as (point, member) as the slabs' are, no longer as launch indices, its retried members, and the sketches slabs fed;
    // 5: each sketched summary its histogram's counts
    // 6: the values an exact spread holds for retried members (Spread.Held)
    private static final int FORMAT = 6;
    private static final int OLDEST = 2;
    private static final int TRAILER = Long.BYTES + Integer.BYTES;
    /** Doubles per bulk transfer of a state array. */
    private static final int BULK = 1 << 13;

    /** What a run needs besides the ensemble arrays, which follow it in the file: who wrote it, for which inputs, and how far it came. */
    public record Header(String version, String fingerprint, List<String> arguments, String scenarioText, Progress progress) {
        /** Keeps a copy of the arguments. */
        public Header {
            arguments = List.copyOf(arguments);
        }

        /** The checkpoint of a step size held at once, at snapshot, with its ensemble of members x components. */
        public Header(String version, String fingerprint, List<String> arguments, String scenarioText, InitialStates.Report consistency,
                      List<Stage> finished, int stage, EnsembleRun.Snapshot snapshot, Trajectories trajectories, List<double[][][]> spread,
                      int members, int components) {
            this(version, fingerprint, arguments, scenarioText, new Progress(consistency, finished, stage, snapshot, trajectories, spread, null,
                    members, components));
        }

        /** How far the initial states moved to satisfy the constraints. */
        public InitialStates.Report consistency() { return progress.consistency(); }

        /** The step sizes finished before the checkpoint. */
        public List<Stage> finished() { return progress.finished(); }

        /** The index of the step size the checkpoint interrupts. */
        public int stage() { return progress.stage(); }

        /** The snapshot of the launch under way, held at once (null where it runs in slabs). */
        public EnsembleRun.Snapshot snapshot() { return progress.snapshot(); }

        /** The trajectories of the launch under way so far. */
        public Trajectories trajectories() { return progress.trajectories(); }

        /** The spread (min, std, quantiles) of the launch under way so far. */
        public List<double[][][]> spread() { return progress.spread(); }

        /** The slabs done (null: a launch held at once). */
        public List<SlabRun.Slab> slabs() { return progress.slabs(); }

        /** The members of the ensemble whose arrays the file stores. */
        public int members() { return progress.members(); }

        /** The state components per member. */
        public int components() { return progress.components(); }
    }

    private Checkpoint() {}

    /**
     * Writes header and ensemble (whose size it states; null for a header of slabs, which holds none) atomically into
     * file: a temporary file renamed over it.
     */
    public static void write(Path file, Header header, EnsembleState state) {
        if (state == null ? header.slabs() == null || header.members() != 0 : state.members() != header.members() || state.components() != header.components())
            throw new IllegalArgumentException("checkpoint header for " + header.members() + " x " + header.components() + ", ensemble "
                    + state.members() + " x " + state.components());
        AtomicFile.write(file, out -> write(out, header, state));
    }

    private static void write(OutputStream raw, Header h, EnsembleState state) throws IOException {
        CRC32C crc = new CRC32C();
        CountingStream counted = new CountingStream(new CheckedOutputStream(raw, crc));
        DataOutputStream out = new DataOutputStream(counted);
        out.write(MAGIC);
        out.writeInt(FORMAT);
        text(out, h.version());
        text(out, h.fingerprint());
        out.writeInt(h.arguments().size());
        for (String a : h.arguments()) text(out, a);
        out.writeBoolean(h.scenarioText() != null);
        if (h.scenarioText() != null) text(out, h.scenarioText());
        out.writeDouble(h.consistency().maxPositionMove());
        out.writeDouble(h.consistency().maxVelocityMove());
        out.writeInt(h.finished().size());
        for (Stage s : h.finished()) {
            out.writeDouble(shared(s.stepSize()));
            rows(out, s.result().rows());
            out.writeLong(s.result().newtonIterations());
            out.writeInt(s.result().maxNewtonIterations());
            out.writeLong(s.result().jacobianFactorisations());
            out.writeDouble(s.result().seconds());
            out.writeInt(s.failures().size());
            for (MemberFailure f : s.failures()) failure(out, f);
            trajectories(out, s.trajectories());
            spread(out, s.spread());
            finalStates(out, s.finalStates());
            out.writeInt(s.retried().size());
            for (Retries.Retried r : s.retried()) retried(out, r);
        }
        out.writeInt(h.stage());
        EnsembleRun.Snapshot snap = h.snapshot();
        out.writeLong(snap.step());
        rows(out, snap.rows());
        out.writeLong(snap.newtonIterations());
        out.writeInt(snap.maxNewtonIterations());
        out.writeLong(snap.jacobianFactorisations());
        out.writeDouble(snap.seconds());
        trajectories(out, h.trajectories());
        spread(out, h.spread());
        out.writeBoolean(h.slabs() != null);
        if (h.slabs() != null) {
            out.writeInt(h.slabs().size());
            for (SlabRun.Slab slab : h.slabs()) slab(out, slab);
        }
        sketches(out, h.progress().sketches());
        held(out, h.progress().held());
        out.writeInt(h.members());
        out.writeInt(h.components());
        out.writeInt(snap.initialValues().length);
        doubles(out, snap.initialValues(), snap.initialValues().length);
        for (int c = 0; state != null && c < state.components(); c++) doubles(out, state.data(), c * state.stride(), state.members());
        int failed = 0;
        for (int j = 0; state != null && j < state.members(); j++) if (!state.ok(j)) failed++;
        out.writeInt(failed);
        for (int j = 0; state != null && j < state.members(); j++)
            if (!state.ok(j)) {
                out.writeInt(j);
                out.writeLong(state.failedStep(j));
                out.writeByte(state.status(j).ordinal());
            }
        out.flush();
        long length = counted.count;
        DataOutputStream trailer = new DataOutputStream(raw);
        trailer.writeLong(length);
        trailer.writeInt((int) crc.getValue());
        trailer.flush();
    }

    /**
     * Reads and checks the header of file; InputException (exit 2) when there is no checkpoint or it is truncated,
     * altered or not one. The ensemble arrays are read by readState.
     */
    public static Header read(Path file) {
        try (FileChannel channel = FileChannel.open(file)) {   // one handle: a checkpoint renamed over this one meanwhile is not mixed in
            verify(channel, file);
            return header(new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel.position(0)), 1 << 16)), file);
        } catch (NoSuchFileException e) {
            throw new InputException("no checkpoint in " + (file.getParent() == null ? "." : file.getParent()) + " (" + FILE
                    + " is missing: was the run started with --checkpoint-every?)");
        } catch (EOFException e) {
            throw broken(file, "truncated");
        } catch (IOException e) {
            throw new InputException("cannot read checkpoint " + file + ": " + e.getMessage());
        }
    }

    /** Reads the ensemble of file (checked by read() before) into state, whose size must be the header's; statuses as saved. */
    public static void readState(Path file, EnsembleState state) {
        try (DataInputStream in = open(file)) {
            Header h = header(in, file);
            if (state.members() != h.members() || state.components() != h.components())
                throw new InputException("checkpoint " + file + " holds " + h.members() + " members of " + h.components()
                        + " state components; the run has " + state.members() + " of " + state.components());
            for (int c = 0; c < state.components(); c++) readDoubles(in, state.data(), c * state.stride(), state.members());
            int failed = in.readInt();
            EnsembleState.Status[] codes = EnsembleState.Status.values();
            for (int k = 0; k < failed; k++) {
                int j = in.readInt();
                long step = in.readLong();
                int code = in.readByte();
                if (j < 0 || j >= state.members() || code <= 0 || code >= codes.length) throw broken(file, "inconsistent");
                state.fail(j, step, codes[code]);
            }
        } catch (EOFException e) {
            throw broken(file, "truncated");
        } catch (IOException e) {
            throw new InputException("cannot read checkpoint " + file + ": " + e.getMessage());
        }
    }

    // Length and CRC-32C of the trailer against the file, before anything in it is believed
    private static void verify(FileChannel channel, Path file) throws IOException {
        long size = channel.size();
        if (size < MAGIC.length + TRAILER) throw broken(file, "truncated");
        CRC32C crc = new CRC32C();
        ByteBuffer tail = ByteBuffer.allocate(TRAILER);
        InputStream in = Channels.newInputStream(channel);
        byte[] buffer = new byte[1 << 16];
        long left = size - TRAILER;
        byte[] head = in.readNBytes(MAGIC.length);
        if (!java.util.Arrays.equals(head, MAGIC)) throw new InputException(file + " is not a geomech checkpoint");
        crc.update(head);
        left -= MAGIC.length;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) throw broken(file, "truncated");
            crc.update(buffer, 0, n);
            left -= n;
        }
        tail.put(in.readNBytes(TRAILER)).flip();
        long length = tail.getLong();
        int sum = tail.getInt();
        if (length != size - TRAILER) throw broken(file, length > size - TRAILER ? "truncated" : "followed by extra bytes");
        if (sum != (int) crc.getValue()) throw broken(file, "corrupt (checksum mismatch)");
    }

    private static DataInputStream open(Path file) throws IOException {
        return new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
    }

    // a finished launch's step size: one of several, so shared (h per member runs as its run's only launch)
    private static double shared(StepSize s) {
        return s.h().orElseThrow(() -> new IllegalStateException("launch " + s.index() + " of h " + s.label() + " per member is its run's only one"
                + " and never finished before a checkpoint"));
    }

    private static Header header(DataInputStream in, Path file) throws IOException {
        in.skipNBytes(MAGIC.length);
        int format = in.readInt();
        if (format < OLDEST || format > FORMAT)
            throw new InputException("checkpoint " + file + " has format " + format + "; this geomech reads formats " + OLDEST + " to " + FORMAT);
        String version = text(in), fingerprint = text(in);
        int argc = count(in, file);
        List<String> args = new ArrayList<>();
        for (int k = 0; k < argc; k++) args.add(text(in));
        String scenario = in.readBoolean() ? text(in) : null;
        InitialStates.Report consistency = new InitialStates.Report(in.readDouble(), in.readDouble());
        int stages = count(in, file);
        List<Stage> finished = new ArrayList<>();
        for (int k = 0; k < stages; k++) {
            StepSize stepSize = new StepSize.Shared(k, in.readDouble());
            List<EnsembleRun.Row> rows = rows(in, file);
            EnsembleRun.Result result = new EnsembleRun.Result(rows, in.readLong(), in.readInt(), in.readLong(), in.readDouble());
            int failed = count(in, file);
            List<MemberFailure> failures = new ArrayList<>();
            int[] launchIndices = new int[format < 4 ? failed : 0];   // formats 2 and 3: a launch index in place of (point, member)
            for (int f = 0; f < failed; f++)
                if (format >= 4) failures.add(failure(in, file));
                else {
                    launchIndices[f] = in.readInt();
                    failures.add(new MemberFailure(0, launchIndices[f], in.readLong(), status(in.readByte(), file)));
                }
            Trajectories trajectories = trajectories(in, file);
            List<double[][][]> spread = spread(in, file);
            double[][][] finalStates = finalStates(in, file);
            if (format < 4) failures = ofLaunch(failures, launchIndices, rows, finalStates.length, file);
            List<Retries.Retried> retried = new ArrayList<>();
            for (int r = format < 4 ? 0 : count(in, file); r > 0; r--) retried.add(retried(in, file));
            finished.add(new Stage(stepSize, result, failures, trajectories, spread, finalStates, retried));
        }
        int stage = in.readInt();
        long step = in.readLong();
        List<EnsembleRun.Row> rows = rows(in, file);
        long newton = in.readLong();
        int most = in.readInt();
        long factorisations = in.readLong();
        double seconds = in.readDouble();
        Trajectories trajectories = trajectories(in, file);
        List<double[][][]> spread = spread(in, file);
        List<SlabRun.Slab> slabs = null;
        if (format >= 3 && in.readBoolean()) {
            int n = count(in, file);
            slabs = new ArrayList<>();
            for (int k = 0; k < n; k++) slabs.add(slab(in, file));
        }
        Spread.Sketches sketches = format >= 4 ? sketches(in, file, format) : null;
        List<Spread.Held> held = format >= 6 ? held(in, file) : List.of();
        int members = in.readInt(), components = in.readInt();
        int count = count(in, file);
        double[] initial = new double[count];
        readDoubles(in, initial);
        return new Header(version, fingerprint, args, scenario, new Progress(consistency, finished, stage,
                new EnsembleRun.Snapshot(step, rows, newton, most, factorisations, seconds, initial), trajectories, spread, slabs, members, components,
                sketches, held));
    }

    // the values an exact spread holds for retried members: per held point and row, the row, the point, its values and running members
    private static void held(DataOutputStream out, List<Spread.Held> held) throws IOException {
        out.writeInt(held.size());
        for (Spread.Held k : held) {
            out.writeInt(k.row());
            out.writeInt(k.point());
            out.writeInt(k.values().length);
            doubles(out, k.values(), k.values().length);
            out.writeInt(k.ok().length);
            for (boolean b : k.ok()) out.writeBoolean(b);
        }
    }

    private static List<Spread.Held> held(DataInputStream in, Path file) throws IOException {
        List<Spread.Held> out = new ArrayList<>();
        for (int n = count(in, file); n > 0; n--) {
            int row = count(in, file), point = count(in, file);
            double[] values = new double[count(in, file)];
            readDoubles(in, values);
            boolean[] ok = new boolean[count(in, file)];
            for (int j = 0; j < ok.length; j++) ok[j] = in.readBoolean();
            out.add(new Spread.Held(row, point, values, ok));
        }
        return out;
    }

    private static void rows(DataOutputStream out, List<EnsembleRun.Row> rows) throws IOException {
        out.writeInt(rows.size());
        out.writeInt(rows.isEmpty() ? 0 : rows.get(0).stats().size());
        for (EnsembleRun.Row r : rows) {
            out.writeDouble(r.t());
            out.writeLong(r.step());
            out.writeInt(r.ok());
            for (Statistics s : r.stats()) {
                out.writeDouble(s.mean());
                out.writeDouble(s.max());
                out.writeDouble(s.msd());
            }
            double[] partials = r.reduction() == null ? null : r.reduction().partials();
            out.writeInt(partials == null ? -1 : partials.length);
            if (partials != null) doubles(out, partials, partials.length);
        }
    }

    private static List<EnsembleRun.Row> rows(DataInputStream in, Path file) throws IOException {
        int n = count(in, file), observers = count(in, file);
        List<EnsembleRun.Row> rows = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            double t = in.readDouble();
            long step = in.readLong();
            int ok = in.readInt();
            List<Statistics> stats = new ArrayList<>();
            for (int o = 0; o < observers; o++) stats.add(new Statistics(in.readDouble(), in.readDouble(), in.readDouble()));
            int kept = in.readInt();
            if (kept < -1 || kept >= 0 && kept % (1 + Reduction.FIELDS * observers) != 0) throw broken(file, "inconsistent");
            double[] partials = kept < 0 ? null : new double[kept];
            if (partials != null) readDoubles(in, partials);
            rows.add(new EnsembleRun.Row(t, step, ok, stats, partials == null ? null : new Reduction.Result(ok, stats, partials, observers)));
        }
        return rows;
    }

    // a finished slab, field by field (SlabRun.Slab)
    private static void slab(DataOutputStream out, SlabRun.Slab s) throws IOException {
        out.writeLong(s.first());
        out.writeInt(s.count());
        out.writeInt(s.times().length);
        doubles(out, s.times(), s.times().length);
        for (long step : s.steps()) out.writeLong(step);
        out.writeInt(s.partials()[0].length);
        for (double[] p : s.partials()) doubles(out, p, p.length);
        out.writeLong(s.newtonIterations());
        out.writeInt(s.maxNewtonIterations());
        out.writeLong(s.jacobianFactorisations());
        out.writeInt(s.failures().size());
        for (MemberFailure f : s.failures()) failure(out, f);
        out.writeInt(s.memberSteps().length);
        for (long m : s.memberSteps()) out.writeLong(m);
        out.writeDouble(s.maxPositionMove());
        out.writeDouble(s.maxVelocityMove());
        out.writeDouble(s.seconds());
        out.writeBoolean(s.values() != null);
        if (s.values() != null) {
            out.writeInt(s.values()[0].length);
            for (double[] v : s.values()) doubles(out, v, v.length);
            for (boolean[] running : s.running()) for (boolean b : running) out.writeBoolean(b);
        }
        out.writeInt(s.trajectoryIndex().length);
        for (int i : s.trajectoryIndex()) out.writeInt(i);
        out.writeInt(s.trajectories().length == 0 ? 0 : s.trajectories()[0].length);
        for (double[] t : s.trajectories()) doubles(out, t, t.length);
        out.writeBoolean(s.finalStates() != null);
        if (s.finalStates() != null) {
            out.writeInt(s.finalStates().length);
            doubles(out, s.finalStates(), s.finalStates().length);
        }
    }

    private static SlabRun.Slab slab(DataInputStream in, Path file) throws IOException {
        long first = in.readLong();
        int count = count(in, file), rows = count(in, file);
        double[] times = new double[rows];
        readDoubles(in, times);
        long[] steps = new long[rows];
        for (int r = 0; r < rows; r++) steps[r] = in.readLong();
        double[][] partials = new double[rows][count(in, file)];
        for (double[] p : partials) readDoubles(in, p);
        long newton = in.readLong();
        int most = in.readInt();
        long factorisations = in.readLong();
        int failed = count(in, file);
        List<MemberFailure> failures = new ArrayList<>();
        for (int k = 0; k < failed; k++) failures.add(failure(in, file));
        long[] memberSteps = new long[count(in, file)];
        for (int p = 0; p < memberSteps.length; p++) memberSteps[p] = in.readLong();
        double movedQ = in.readDouble(), movedV = in.readDouble(), seconds = in.readDouble();
        double[][] values = null;
        boolean[][] running = null;
        if (in.readBoolean()) {
            values = new double[rows][count(in, file)];
            for (double[] v : values) readDoubles(in, v);
            running = new boolean[rows][count];
            for (boolean[] ok : running) for (int j = 0; j < count; j++) ok[j] = in.readBoolean();
        }
        int[] index = new int[count(in, file)];
        for (int i = 0; i < index.length; i++) index[i] = in.readInt();
        int width = count(in, file);
        double[][] trajectories = new double[index.length == 0 ? 0 : rows][width];
        for (double[] t : trajectories) readDoubles(in, t);
        double[] last = null;
        if (in.readBoolean()) {
            last = new double[count(in, file)];
            readDoubles(in, last);
        }
        return new SlabRun.Slab(first, count, times, steps, partials, newton, most, factorisations, failures, memberSteps, movedQ, movedV, seconds,
                values, running, index, trajectories, last, null);
    }

    // the summaries of a spread sketched slab by slab (Spread.Sketches): k, then per output row, point and observer its
    // moments, its sketch (count, least, greatest, then each level's compaction parity and values) and whether a histogram
    // follows, then its numbers (Histogram.flat), or absent
    private static void sketches(DataOutputStream out, Spread.Sketches sketches) throws IOException {
        out.writeBoolean(sketches != null);
        if (sketches == null) return;
        Spread.Partial[][] first = sketches.rows().isEmpty() ? new Spread.Partial[0][0] : sketches.rows().get(0);
        out.writeInt(sketches.k());
        out.writeInt(sketches.rows().size());
        out.writeInt(first.length);
        out.writeInt(first.length == 0 ? 0 : first[0].length);
        for (Spread.Partial[][] row : sketches.rows())
            for (Spread.Partial[] point : row)
                for (Spread.Partial p : point) {
                    out.writeDouble(p.min());
                    out.writeDouble(p.mean());
                    out.writeDouble(p.squares());
                    out.writeLong(p.n());
                    QuantileSketch.State q = p.quantiles();
                    out.writeLong(q.count());
                    out.writeDouble(q.min());
                    out.writeDouble(q.max());
                    out.writeInt(q.levels().length);
                    for (int h = 0; h < q.levels().length; h++) {
                        out.writeBoolean(q.odd()[h]);
                        out.writeInt(q.levels()[h].length);
                        doubles(out, q.levels()[h], q.levels()[h].length);
                    }
                    out.writeBoolean(p.histogram() != null);
                    if (p.histogram() != null) {
                        double[] flat = p.histogram().flat();
                        out.writeInt(flat.length);
                        doubles(out, flat, flat.length);
                    }
                }
    }

    // format 4 kept no histograms
    private static Spread.Sketches sketches(DataInputStream in, Path file, int format) throws IOException {
        if (!in.readBoolean()) return null;
        int k = count(in, file), rows = count(in, file), points = count(in, file), observers = count(in, file);
        List<Spread.Partial[][]> out = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            Spread.Partial[][] row = new Spread.Partial[points][observers];
            for (Spread.Partial[] point : row)
                for (int o = 0; o < observers; o++) {
                    double min = in.readDouble(), mean = in.readDouble(), squares = in.readDouble();
                    long n = in.readLong(), count = in.readLong();
                    double least = in.readDouble(), greatest = in.readDouble();
                    int levels = count(in, file);
                    double[][] held = new double[levels][];
                    boolean[] odd = new boolean[levels];
                    for (int h = 0; h < levels; h++) {
                        odd[h] = in.readBoolean();
                        int size = count(in, file);
                        if (size >= k) throw broken(file, "inconsistent");
                        held[h] = new double[size];
                        readDoubles(in, held[h]);
                    }
                    if (levels == 0 || k < 2 || k % 2 != 0) throw broken(file, "inconsistent");
                    Histogram histogram = null;
                    if (format >= 5 && in.readBoolean()) {
                        double[] flat = new double[count(in, file)];
                        if (flat.length < Histogram.HEAD + 1) throw broken(file, "inconsistent");
                        readDoubles(in, flat);
                        histogram = Histogram.of(flat, 0);
                    }
                    point[o] = new Spread.Partial(new QuantileSketch.State(k, held, odd, count, least, greatest), min, mean, squares, n, histogram);
                }
            out.add(row);
        }
        return new Spread.Sketches(k, out);
    }

    // a failed member: its point, its index within the point, its step and status
    private static void failure(DataOutputStream out, MemberFailure f) throws IOException {
        out.writeInt(f.point());
        out.writeInt(f.member());
        out.writeLong(f.step());
        out.writeByte(f.status().ordinal());
    }

    private static MemberFailure failure(DataInputStream in, Path file) throws IOException {
        int point = in.readInt(), member = in.readInt();
        return new MemberFailure(point, member, in.readLong(), status(in.readByte(), file));
    }

    // Launch indices as (point, member): a launch of several points gives each point whole reduction blocks (SweepPlan),
    // as many as the rows' block partials hold; the members padding a point to its blocks (EXCLUDED) are left out
    private static List<MemberFailure> ofLaunch(List<MemberFailure> read, int[] launchIndices, List<EnsembleRun.Row> rows, int points, Path file) {
        int stride = Integer.MAX_VALUE;
        if (points > 1) {
            Reduction.Result first = rows.isEmpty() ? null : rows.get(0).reduction();
            if (first == null || first.partials() == null) throw broken(file, "inconsistent");
            int blocks = first.partials().length / (1 + Reduction.FIELDS * first.observers());
            if (blocks % points != 0) throw broken(file, "inconsistent");
            stride = blocks / points * Reduction.BLOCK;
        }
        List<MemberFailure> out = new ArrayList<>();
        for (int k = 0; k < read.size(); k++) {
            MemberFailure f = read.get(k);
            if (f.status() != EnsembleState.Status.EXCLUDED) out.add(new MemberFailure(launchIndices[k] / stride, launchIndices[k] % stride, f.step(), f.status()));
        }
        return out;
    }

    // a failed member run again: point, member, h of its last try, status, its work, first row, its block partials per output, final state
    private static void retried(DataOutputStream out, Retries.Retried r) throws IOException {
        out.writeInt(r.point());
        out.writeInt(r.member());
        out.writeDouble(r.h());
        out.writeByte(r.status().ordinal());
        out.writeLong(r.memberSteps());
        out.writeLong(r.newtonIterations());
        out.writeLong(r.jacobianFactorisations());
        out.writeDouble(r.seconds());
        out.writeInt(r.from());
        out.writeInt(r.partials().length);
        out.writeInt(r.partials().length == 0 ? 0 : r.partials()[0].length);
        for (double[] p : r.partials()) doubles(out, p, p.length);
        out.writeInt(r.finalState().length);
        doubles(out, r.finalState(), r.finalState().length);
    }

    private static Retries.Retried retried(DataInputStream in, Path file) throws IOException {
        int point = in.readInt(), member = in.readInt();
        double h = in.readDouble();
        int code = in.readByte();
        if (code < 0 || code >= EnsembleState.Status.values().length) throw broken(file, "inconsistent");
        long memberSteps = in.readLong(), newton = in.readLong(), factorisations = in.readLong();
        double seconds = in.readDouble();
        int from = count(in, file);
        double[][] partials = new double[count(in, file)][count(in, file)];
        for (double[] p : partials) readDoubles(in, p);
        double[] last = new double[count(in, file)];
        readDoubles(in, last);
        return new Retries.Retried(point, member, h, EnsembleState.Status.values()[code], memberSteps, newton, factorisations, seconds, from, partials, last, new double[0][], new double[0][]);
    }

    private static EnsembleState.Status status(int code, Path file) {
        EnsembleState.Status[] codes = EnsembleState.Status.values();
        if (code <= 0 || code >= codes.length) throw broken(file, "inconsistent");
        return codes[code];
    }

    private static void trajectories(DataOutputStream out, Trajectories t) throws IOException {
        out.writeBoolean(t != null);
        if (t == null) return;
        int[] members = t.members();
        out.writeInt(members.length);
        for (int j : members) out.writeInt(j);
        out.writeInt(t.components());
        List<Double> times = t.times();
        out.writeInt(times.size());
        for (double time : times) out.writeDouble(time);
        double[] flat = t.flat();
        doubles(out, flat, flat.length);
    }

    private static Trajectories trajectories(DataInputStream in, Path file) throws IOException {
        if (!in.readBoolean()) return null;
        int[] members = new int[count(in, file)];
        for (int i = 0; i < members.length; i++) members[i] = in.readInt();
        int components = count(in, file), times = count(in, file);
        List<Double> t = new ArrayList<>();
        for (int k = 0; k < times; k++) t.add(in.readDouble());
        double[] flat = new double[Math.multiplyExact(Math.multiplyExact(times, members.length), components)];
        readDoubles(in, flat);
        return Trajectories.restore(members, t, flat, components);
    }

    // [time][point][observer][min, std, quantiles..., histogram...], or absent
    private static void spread(DataOutputStream out, List<double[][][]> spread) throws IOException {
        out.writeBoolean(spread != null);
        if (spread == null) return;
        double[][][] first = spread.isEmpty() ? new double[0][0][0] : spread.get(0);
        int points = first.length, observers = points == 0 ? 0 : first[0].length, width = observers == 0 ? 0 : first[0][0].length;
        out.writeInt(spread.size());
        out.writeInt(points);
        out.writeInt(observers);
        out.writeInt(width);
        for (double[][][] at : spread) for (double[][] point : at) for (double[] observer : point) doubles(out, observer, width);
    }

    private static List<double[][][]> spread(DataInputStream in, Path file) throws IOException {
        if (!in.readBoolean()) return null;
        int times = count(in, file), points = count(in, file), observers = count(in, file), width = count(in, file);
        List<double[][][]> spread = new ArrayList<>();
        for (int k = 0; k < times; k++) {
            double[][][] at = new double[points][observers][width];
            for (double[][] point : at) for (double[] observer : point) readDoubles(in, observer);
            spread.add(at);
        }
        return spread;
    }

    // [point][member][component], each point as one block of member-major doubles; null (a listener took them) as no point
    private static void finalStates(DataOutputStream out, double[][][] states) throws IOException {
        if (states == null) states = new double[0][][];
        int members = states.length == 0 ? 0 : states[0].length, components = members == 0 ? 0 : states[0][0].length;
        out.writeInt(states.length);
        out.writeInt(members);
        out.writeInt(components);
        double[] flat = new double[members * components];
        for (double[][] point : states) {
            for (int j = 0; j < members; j++) System.arraycopy(point[j], 0, flat, j * components, components);
            doubles(out, flat, flat.length);
        }
    }

    private static double[][][] finalStates(DataInputStream in, Path file) throws IOException {
        int points = count(in, file), members = count(in, file), components = count(in, file);
        if (points == 0) return null;
        double[][][] states = new double[points][members][components];
        double[] flat = new double[Math.multiplyExact(members, components)];
        for (double[][] point : states) {
            readDoubles(in, flat);
            for (int j = 0; j < members; j++) System.arraycopy(flat, j * components, point[j], 0, components);
        }
        return states;
    }

    private static void text(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String text(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) throw new EOFException();
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }

    private static int count(DataInputStream in, Path file) throws IOException {
        int n = in.readInt();
        if (n < 0) throw broken(file, "inconsistent");
        return n;
    }

    private static void doubles(DataOutputStream out, double[] values, int length) throws IOException { doubles(out, values, 0, length); }

    /** values[offset .. offset+length-1]. */
    private static void doubles(DataOutputStream out, double[] values, int offset, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(Double.BYTES * Math.max(1, Math.min(BULK, length)));
        for (int from = 0; from < length; from += BULK) {
            int n = Math.min(BULK, length - from);
            buffer.clear();
            buffer.asDoubleBuffer().put(values, offset + from, n);
            out.write(buffer.array(), 0, Double.BYTES * n);
        }
    }

    private static void readDoubles(DataInputStream in, double[] into) throws IOException { readDoubles(in, into, 0, into.length); }

    /** Into into[offset .. offset+length-1]. */
    private static void readDoubles(DataInputStream in, double[] into, int offset, int length) throws IOException {
        byte[] bytes = new byte[Double.BYTES * Math.max(1, Math.min(BULK, length))];
        for (int from = 0; from < length; from += BULK) {
            int n = Math.min(BULK, length - from);
            in.readFully(bytes, 0, Double.BYTES * n);
            ByteBuffer.wrap(bytes, 0, Double.BYTES * n).asDoubleBuffer().get(into, offset + from, n);
        }
    }

    private static InputException broken(Path file, String how) {
        return new InputException("checkpoint " + file + " is " + how + "; it was not used");
    }

    /** Counts the bytes written through it. */
    private static final class CountingStream extends java.io.FilterOutputStream {
        long count;

        CountingStream(OutputStream out) { super(out); }

        @Override public void write(int b) throws IOException { out.write(b); count++; }

        @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); count += len; }
    }
}
