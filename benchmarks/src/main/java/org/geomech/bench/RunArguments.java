package org.geomech.bench;

import org.geomech.ensemble.TimeGrid;

/** The arguments of the whole-run benchmarks (Throughput, OutputBatches): MODEL/METHOD BACKEND MEMBERS T_END ROUNDS. */
record RunArguments(String model, String backend, int members, double tEnd, int rounds) {
    static RunArguments of(String[] args) {
        return new RunArguments(args[0], args[1], Integer.parseInt(args[2]), Double.parseDouble(args[3]), Integer.parseInt(args[4]));
    }

    /** h = BenchmarkCase.H to t_end, an output every t_end/100, as `geomech run` by default. */
    TimeGrid grid() { return TimeGrid.of(BenchmarkCase.H, tEnd, tEnd / 100); }
}
