package org.geomech.expr;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A compiled straight-line program that evaluates a list of expressions in double precision.
 * Every DAG node is computed once (hash-consing makes common subexpressions one node).
 * An instance holds scratch registers: use one per thread ({@link #copy()}).
 */
public final class Tape {
    private static final int ADD = 0, SUB = 1, MUL = 2, DIV = 3, NEG = 4, POWI = 5, POW = 6, SQRT = 7, SIN = 8,
            COS = 9, TAN = 10, EXP = 11, LOG = 12, ATAN2 = 13, STUMPFF = 14, FMA = 15;
    /** The ints of an instruction: opcode, destination, first, second and third operand. */
    static final int WIDTH = 5;

    private final int inputCount;
    private final int[] inputRegister;
    private final int[] code;       // groups of WIDTH: opcode, destination, first, second and third operand
    private final int[] outputRegister;
    private final double[] template;
    private final double[] reg;
    private final int flops;

    private Tape(int inputCount, int[] inputRegister, int[] code, int[] outputRegister, double[] template, int flops) {
        this.inputCount = inputCount;
        this.inputRegister = inputRegister;
        this.code = code;
        this.outputRegister = outputRegister;
        this.template = template;
        this.reg = template.clone();
        this.flops = flops;
    }

    /** Compiles the outputs as functions of the input symbols (in this order). Unknown symbols are an error. */
    public static Tape compile(List<Expr> inputs, List<Expr> outputs) {
        List<Expr> nodes = Exprs.topological(outputs);
        Map<Expr, Integer> register = new IdentityHashMap<>();
        int[] inputRegister = new int[inputs.size()];
        for (int i = 0; i < inputs.size(); i++) {
            Expr s = inputs.get(i);
            if (!s.isSymbol()) throw new IllegalArgumentException("tape input " + i + " is not a symbol: " + s);
            if (register.containsKey(s)) throw new IllegalArgumentException("tape input " + s + " given twice");
            register.put(s, i);
            inputRegister[i] = i;
        }
        int next = inputs.size();
        double[] constants = new double[nodes.size() + next];
        int[] code = new int[WIDTH * nodes.size()];
        int pc = 0, flops = 0;
        Set<Expr> used = StraightLineProgram.valuesUsed(nodes, outputs);
        for (Expr e : nodes) {
            if (register.containsKey(e)) continue;
            if (!used.contains(e)) continue;   // a negation only ever subtracted: the subtraction reads its operand
            if (e.isSymbol()) throw new IllegalArgumentException("unknown symbol '" + e.name() + "'");
            int dst = next++;
            register.put(e, dst);
            if (e.isConst()) { constants[dst] = e.value(); continue; }
            // -1: a negation only ever subtracted, which has no register (its subtraction reads the operand's)
            int a = register.getOrDefault(e.arg(0), -1);
            int b = e.arity() > 1 ? register.getOrDefault(e.arg(1), -1) : 0, c = e.arity() > 2 ? register.get(e.arg(2)) : 0;
            int opcode;
            switch (e.op()) {
                case ADD:
                    int negated = StraightLineProgram.negatedTerm(e);
                    if (negated < 0) opcode = ADD;
                    else {
                        opcode = SUB;
                        a = register.get(e.arg(1 - negated));
                        b = registerOfNegated(e.arg(negated), register);
                    }
                    flops++;
                    break;
                case MUL: opcode = MUL; flops++; break;
                case FMA: opcode = FMA; flops += 2; break;
                case DIV: opcode = DIV; flops++; break;
                case NEG: opcode = NEG; flops++; break;
                case POW:
                    if (e.arg(1).isInteger() && Math.abs(e.arg(1).value()) <= 64) {
                        opcode = POWI;
                        b = (int) e.arg(1).value();
                        flops += Integer.bitCount(Math.abs(b)) - 1 + 31 - Integer.numberOfLeadingZeros(Math.max(1, Math.abs(b))) + (b < 0 ? 1 : 0);
                    } else { opcode = POW; flops++; }
                    break;
                case SQRT: opcode = SQRT; flops++; break;
                case SIN: opcode = SIN; flops++; break;
                case COS: opcode = COS; flops++; break;
                case TAN: opcode = TAN; flops++; break;
                case EXP: opcode = EXP; flops++; break;
                case LOG: opcode = LOG; flops++; break;
                case ATAN2: opcode = ATAN2; flops++; break;
                case STUMPFF: opcode = STUMPFF; b = e.stumpffOrder(); flops++; break;
                default: throw new IllegalStateException(e.op().toString());
            }
            code[pc++] = opcode; code[pc++] = dst; code[pc++] = a; code[pc++] = b; code[pc++] = c;
        }
        int[] out = new int[outputs.size()];
        for (int i = 0; i < out.length; i++) out[i] = register.get(outputs.get(i));
        double[] template = java.util.Arrays.copyOf(constants, next);
        return new Tape(inputs.size(), inputRegister, java.util.Arrays.copyOf(code, pc), out, template, flops);
    }

    /** a + (-c) is computed as a - c; the negation node itself is still evaluated if something else uses it. */
    private static int registerOfNegated(Expr negation, Map<Expr, Integer> register) {
        return register.get(negation.arg(0));
    }

    /** An independent copy with its own scratch registers. */
    public Tape copy() { return new Tape(inputCount, inputRegister, code, outputRegister, template, flops); }

    /** The instructions in groups of WIDTH (opcode, destination, operands: the second the integer of powi and stumpff), for LaneTape. */
    int[] code() { return code; }

    /** The register of each output, for LaneTape. */
    int[] outputRegisters() { return outputRegister; }

    /** Every register's initial value (the constants' values; 0 elsewhere), for LaneTape. */
    double[] constants() { return template; }

    /** How many registers an opcode reads: 3 for fma, 2 for the binary ones, else 1 (the second operand of powi and stumpff is an integer). */
    static int registersRead(int opcode) {
        if (opcode == FMA) return 3;
        return opcode == ADD || opcode == SUB || opcode == MUL || opcode == DIV || opcode == POW || opcode == ATAN2 ? 2 : 1;
    }

    /**
     * One instruction on one value: what eval does for opcode with operands x and y (y unused by unary ones, the integer
     * for powi and stumpff); not fma, whose three operands LaneTape's evaluators take as a vector operation.
     */
    static double apply(int opcode, double x, double y, int integer) {
        switch (opcode) {
            case ADD: return x + y;
            case SUB: return x - y;
            case MUL: return x * y;
            case DIV: return x / y;
            case NEG: return -x;
            case POWI: return powi(x, integer);
            case POW: return Math.pow(x, y);
            case SQRT: return Math.sqrt(x);
            case SIN: return StrictMath.sin(x);
            case COS: return StrictMath.cos(x);
            case TAN: return Math.tan(x);
            case EXP: return Math.exp(x);
            case LOG: return Math.log(x);
            case ATAN2: return Math.atan2(x, y);
            case STUMPFF: return Stumpff.value(integer, x);
            default: throw new IllegalStateException();
        }
    }

    static final int OP_ADD = ADD, OP_SUB = SUB, OP_MUL = MUL, OP_DIV = DIV, OP_NEG = NEG, OP_POWI = POWI, OP_FMA = FMA;

    /** The number of inputs. */
    public int inputCount() { return inputCount; }
    /** The number of outputs. */
    public int outputCount() { return outputRegister.length; }
    /** Floating-point operations per evaluation (a transcendental function counts as one, a fused multiply-add as two). */
    public int flops() { return flops; }

    /** Evaluates all outputs; in has inputCount() entries, out outputCount(). */
    public void eval(double[] in, double[] out) { eval(in, 0, out, 0); }

    /** Evaluates all outputs from in at inOffset into out at outOffset. */
    public void eval(double[] in, int inOffset, double[] out, int outOffset) {
        double[] r = reg;
        System.arraycopy(in, inOffset, r, 0, inputCount);
        int[] c = code;
        for (int pc = 0; pc < c.length; pc += WIDTH) {
            int dst = c[pc + 1], a = c[pc + 2], b = c[pc + 3];
            switch (c[pc]) {
                case FMA: r[dst] = Math.fma(r[a], r[b], r[c[pc + 4]]); break;
                case ADD: r[dst] = r[a] + r[b]; break;
                case SUB: r[dst] = r[a] - r[b]; break;
                case MUL: r[dst] = r[a] * r[b]; break;
                case DIV: r[dst] = r[a] / r[b]; break;
                case NEG: r[dst] = -r[a]; break;
                case POWI: r[dst] = powi(r[a], b); break;
                case POW: r[dst] = Math.pow(r[a], r[b]); break;
                case SQRT: r[dst] = Math.sqrt(r[a]); break;
                case SIN: r[dst] = StrictMath.sin(r[a]); break;   // fdlibm's, as OpenCL's geomech_sin: every backend bitwise
                case COS: r[dst] = StrictMath.cos(r[a]); break;
                case TAN: r[dst] = Math.tan(r[a]); break;
                case EXP: r[dst] = Math.exp(r[a]); break;
                case LOG: r[dst] = Math.log(r[a]); break;
                case ATAN2: r[dst] = Math.atan2(r[a], r[b]); break;
                case STUMPFF: r[dst] = Stumpff.value(b, r[a]); break;
                default: throw new IllegalStateException();
            }
        }
        for (int i = 0; i < outputRegister.length; i++) out[outOffset + i] = r[outputRegister[i]];
    }

    /** x^n by repeated squaring (exact for small n; the same sequence the code emitters use). */
    public static double powi(double x, int n) {
        if (n < 0) return 1.0 / powi(x, -n);
        double result = 1.0, base = x;
        boolean first = true;
        while (n > 0) {
            if ((n & 1) != 0) { result = first ? base : result * base; first = false; }
            n >>= 1;
            if (n > 0) base = base * base;
        }
        return first ? 1.0 : result;
    }
}
