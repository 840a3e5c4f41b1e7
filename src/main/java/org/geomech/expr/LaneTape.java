package org.geomech.expr;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * A Tape's program run on lane-blocks of members: register r of lane l at w[r * lanes + l], every instruction
 * applied lane by lane with Tape's own operation (so each lane is bitwise Tape.eval's value). Registers are
 * reused once their value is dead, so a program of tens of thousands of operations fits in a few hundred
 * registers; nothing is generated or compiled per system (the simd backend's choice for large Newton systems,
 * whose generated Vector API code would wait seconds for the JIT). Immutable: an evaluator (simd's TapeKernel)
 * keeps the registers in its own scratch.
 */
public final class LaneTape {
    private final int lanes, inputs, registers, flops;
    private final int[] code, outputs, constantRegisters;
    private final double[] constantValues;

    private LaneTape(int lanes, int inputs, int registers, int[] code, int[] outputs, int[] constantRegisters, double[] constantValues, int flops) {
        this.lanes = lanes;
        this.inputs = inputs;
        this.registers = registers;
        this.code = code;
        this.outputs = outputs;
        this.constantRegisters = constantRegisters;
        this.constantValues = constantValues;
        this.flops = flops;
    }

    /** The outputs as functions of the inputs (in this order), on lane-blocks of the given width. */
    public static LaneTape compile(List<Expr> in, List<Expr> out, int lanes) {
        Tape tape = Tape.compile(in, out);
        int[] c = tape.code(), outRegs = tape.outputRegisters();
        double[] template = tape.constants();
        int n = in.size(), total = template.length;
        // which registers are written by an instruction (the rest past the inputs hold constants)
        boolean[] computed = new boolean[total];
        int[] lastUse = new int[total];
        Arrays.fill(lastUse, -1);
        for (int pc = 0; pc < c.length; pc += Tape.WIDTH) {
            computed[c[pc + 1]] = true;
            for (int k = 0; k < Tape.registersRead(c[pc]); k++) lastUse[c[pc + 2 + k]] = pc;
        }
        for (int r : outRegs) lastUse[r] = Integer.MAX_VALUE;
        // inputs and constants keep fixed registers; temporaries take the lowest free one
        int[] map = new int[total];
        Arrays.fill(map, -1);
        int next = 0;
        for (int r = 0; r < n; r++) map[r] = next++;
        int constants = 0;
        for (int r = n; r < total; r++) if (!computed[r] && lastUse[r] >= 0) { map[r] = next++; constants++; }
        int[] constantRegisters = new int[constants];
        double[] constantValues = new double[constants];
        for (int r = n, k = 0; r < total; r++)
            if (!computed[r] && map[r] >= 0) { constantRegisters[k] = map[r]; constantValues[k++] = template[r]; }
        Deque<Integer> free = new ArrayDeque<>();
        int highest = next;
        int[] remapped = c.clone();
        for (int pc = 0; pc < c.length; pc += Tape.WIDTH) {
            int read = Tape.registersRead(c[pc]);
            for (int k = 0; k < read; k++) remapped[pc + 2 + k] = map[c[pc + 2 + k]];
            // operands whose last use this is free their registers before the destination is chosen (in place is safe: lane by lane)
            for (int k = 0; k < read; k++) {
                boolean repeated = false;
                for (int i = 0; i < k; i++) repeated |= c[pc + 2 + i] == c[pc + 2 + k];
                if (!repeated) release(c[pc + 2 + k], pc, lastUse, map, computed, free);
            }
            int dst = c[pc + 1];
            map[dst] = free.isEmpty() ? highest++ : free.pop();
            remapped[pc + 1] = map[dst];
            if (lastUse[dst] < 0) free.push(map[dst]);   // a value nothing reads
        }
        int[] outputs = new int[outRegs.length];
        for (int i = 0; i < outputs.length; i++) outputs[i] = map[outRegs[i]];
        return new LaneTape(lanes, n, highest, remapped, outputs, constantRegisters, constantValues, tape.flops());
    }

    private static void release(int register, int pc, int[] lastUse, int[] map, boolean[] computed, Deque<Integer> free) {
        if (computed[register] && lastUse[register] == pc) free.push(map[register]);
    }

    /** Doubles of scratch eval needs. */
    public int scratch() { return registers * lanes; }

    /** Floating-point operations per lane (as Tape counts them). */
    public int flops() { return flops; }

    /**
     * The program over compact registers, in groups of WIDTH: opcode, destination, then the operands (registers, but
     * the second operand of powi and stumpff, an integer; the third only fma's).
     */
    public int[] code() { return code.clone(); }

    /** The register of each output. */
    public int[] outputs() { return outputs.clone(); }

    /** The inputs, in registers 0 .. inputs() - 1. */
    public int inputs() { return inputs; }

    /** The registers holding constants, and their values. */
    public int[] constantRegisters() { return constantRegisters.clone(); }

    /** The values of the constants, in the order of constantRegisters(). */
    public double[] constantValues() { return constantValues.clone(); }

    /** The opcodes of the arithmetic instructions, as Tape's. */
    public static final int ADD = Tape.OP_ADD, SUB = Tape.OP_SUB, MUL = Tape.OP_MUL, DIV = Tape.OP_DIV, NEG = Tape.OP_NEG, FMA = Tape.OP_FMA;
    /** The ints of an instruction in code(). */
    public static final int WIDTH = Tape.WIDTH;
    /** x^n for a small integer n (the second operand), by Tape.powi's multiplications: x^2 is x * x. */
    public static final int POWI = Tape.OP_POWI;

    /** Whether an opcode reads its second operand as a register. */
    public static boolean binary(int opcode) { return Tape.registersRead(opcode) > 1; }

    /** One instruction on one lane's values, as Tape.eval computes it (y: the second register's value, integer: the immediate). */
    public static double apply(int opcode, double x, double y, int integer) { return Tape.apply(opcode, x, y, integer); }
}
