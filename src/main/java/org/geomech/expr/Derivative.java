package org.geomech.expr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;

/** Symbolic partial derivatives, memoised over the DAG so shared subexpressions are differentiated once. */
public final class Derivative {
    private final Expr variable;
    private final Map<Expr, Expr> memo = new IdentityHashMap<>();

    private Derivative(Expr variable) {
        if (!variable.isSymbol()) throw new IllegalArgumentException("can only differentiate with respect to a symbol, not " + variable);
        this.variable = variable;
    }

    /** d e / d variable. */
    public static Expr of(Expr e, Expr variable) { return new Derivative(variable).d(e); }

    /** The gradient (d e / d x_i)_i. */
    public static List<Expr> gradient(Expr e, List<Expr> variables) {
        List<Expr> g = new ArrayList<>(variables.size());
        for (Expr x : variables) g.add(of(e, x));
        return g;
    }

    /** The Jacobian J[i][j] = d f_i / d x_j, sharing one memo per variable across all f_i. */
    public static Expr[][] jacobian(List<Expr> f, List<Expr> variables) {
        Expr[][] jac = new Expr[f.size()][variables.size()];
        for (int j = 0; j < variables.size(); j++) {
            Derivative d = new Derivative(variables.get(j));
            for (int i = 0; i < f.size(); i++) jac[i][j] = d.d(f.get(i));
        }
        return jac;
    }

    // Iterative post-order over the nodes not yet differentiated (no recursion on the expression's depth)
    private Expr d(Expr root) {
        Deque<Expr> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Expr e = stack.peek();
            if (memo.containsKey(e)) { stack.pop(); continue; }
            boolean ready = true;
            for (int i = e.arity() - 1; i >= 0; i--) {
                if (!memo.containsKey(e.arg(i))) { stack.push(e.arg(i)); ready = false; }
            }
            if (ready) memo.put(stack.pop(), rule(e));
        }
        return memo.get(root);
    }

    // The derivative of one node from its arguments' derivatives, already in memo
    private Expr rule(Expr e) {
        switch (e.op()) {
            case CONST: return ZERO;
            case SYM: return e == variable ? ONE : ZERO;
            case ADD: return add(memo.get(e.arg(0)), memo.get(e.arg(1)));
            case NEG: return neg(memo.get(e.arg(0)));
            case MUL: return add(mul(memo.get(e.arg(0)), e.arg(1)), mul(e.arg(0), memo.get(e.arg(1))));
            case FMA: return add(add(mul(memo.get(e.arg(0)), e.arg(1)), mul(e.arg(0), memo.get(e.arg(1)))), memo.get(e.arg(2)));
            case DIV: {
                Expr a = e.arg(0), b = e.arg(1), da = memo.get(a), db = memo.get(b);
                return sub(div(da, b), div(mul(a, db), pow(b, 2)));
            }
            case POW: {
                Expr a = e.arg(0), b = e.arg(1), da = memo.get(a), db = memo.get(b);
                Expr fromBase = da.isConst(0) ? ZERO : mul(mul(b, pow(a, sub(b, ONE))), da);
                Expr fromExponent = db.isConst(0) ? ZERO : mul(mul(e, log(a)), db);
                return add(fromBase, fromExponent);
            }
            case SQRT: return div(memo.get(e.arg(0)), mul(TWO, e));
            case SIN: return mul(cos(e.arg(0)), memo.get(e.arg(0)));
            case COS: return neg(mul(sin(e.arg(0)), memo.get(e.arg(0))));
            case TAN: return mul(add(ONE, pow(e, 2)), memo.get(e.arg(0)));
            case EXP: return mul(e, memo.get(e.arg(0)));
            case LOG: return div(memo.get(e.arg(0)), e.arg(0));
            case ATAN2: {
                Expr y = e.arg(0), x = e.arg(1);
                return div(sub(mul(x, memo.get(y)), mul(y, memo.get(x))), add(pow(x, 2), pow(y, 2)));
            }
            case STUMPFF: {                                                      // c_n' = (n c_{n+2} - c_{n+1}) / 2
                int n = e.stumpffOrder();
                Expr x = e.arg(0);
                return mul(mul(HALF, sub(mul(num(n), stumpff(n + 2, x)), stumpff(n + 1, x))), d(x));
            }
            default: throw new IllegalStateException(e.op().toString());
        }
    }
}
