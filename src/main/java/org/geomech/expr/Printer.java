package org.geomech.expr;

/** Infix text of an expression in the syntax the parser reads (velocities print as dot(x)). */
final class Printer {
    private Printer() {}

    static String print(Expr e) {
        StringBuilder sb = new StringBuilder();
        write(e, sb, 0, Integer.MAX_VALUE);
        return sb.toString();
    }

    /** At most about limit characters, then " ..." (a shared DAG can print exponentially long as a tree). */
    static String print(Expr e, int limit) {
        StringBuilder sb = new StringBuilder();
        write(e, sb, 0, limit);
        return sb.length() <= limit ? sb.toString() : sb.substring(0, limit) + " ...";
    }

    private static int precedence(Expr e) {
        switch (e.op()) {
            case ADD: return 1;
            case NEG: return 2;
            case MUL: case DIV: return 3;
            case POW: return 4;
            case CONST: return e.value() < 0 ? 2 : 5;
            default: return 5;
        }
    }

    private static void write(Expr e, StringBuilder sb, int outer, int limit) {
        if (sb.length() > limit) return;
        boolean paren = precedence(e) < outer;
        if (paren) sb.append('(');
        switch (e.op()) {
            case CONST: sb.append(number(e.value())); break;
            case SYM: sb.append(e.name()); break;
            case ADD:
                write(e.arg(0), sb, 1, limit);
                if (e.arg(1).op() == Expr.Op.NEG) { sb.append(" - "); write(e.arg(1).arg(0), sb, 2, limit); }
                else if (e.arg(1).isConst() && e.arg(1).value() < 0) { sb.append(" - ").append(number(-e.arg(1).value())); }
                else if (e.arg(1).op() == Expr.Op.MUL && e.arg(1).arg(0).isConst() && e.arg(1).arg(0).value() < 0) {
                    sb.append(" - ");
                    write(Expr.mul(Expr.num(-e.arg(1).arg(0).value()), e.arg(1).arg(1)), sb, 2, limit);
                }
                else { sb.append(" + "); write(e.arg(1), sb, 2, limit); }
                break;
            case NEG: sb.append('-'); write(e.arg(0), sb, 3, limit); break;
            case MUL: write(e.arg(0), sb, 3, limit); sb.append('*'); write(e.arg(1), sb, 4, limit); break;
            case DIV: write(e.arg(0), sb, 3, limit); sb.append('/'); write(e.arg(1), sb, 4, limit); break;
            case POW: write(e.arg(0), sb, 5, limit); sb.append('^'); write(e.arg(1), sb, 5, limit); break;
            case STUMPFF: sb.append("stumpff(").append(e.stumpffOrder()).append(", "); write(e.arg(0), sb, 0, limit); sb.append(')'); break;
            case ATAN2: sb.append("atan2("); write(e.arg(0), sb, 0, limit); sb.append(", "); write(e.arg(1), sb, 0, limit); sb.append(')'); break;
            case FMA:
                sb.append("fma(");
                for (int i = 0; i < 3; i++) {
                    if (i > 0) sb.append(", ");
                    write(e.arg(i), sb, 0, limit);
                }
                sb.append(')');
                break;
            default:
                sb.append(e.op().name().toLowerCase()).append('(');
                write(e.arg(0), sb, 0, limit);
                sb.append(')');
        }
        if (paren) sb.append(')');
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return Double.toString(v);
    }
}
