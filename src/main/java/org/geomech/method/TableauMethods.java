package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.method.tableau.ExplicitTableaux;
import org.geomech.InputException;

/** The methods made from a Runge-Kutta tableau (000): rk:TABLEAU and vi:TABLEAU[,alpha-,alpha+] (bias (0, 1) by default). */
final class TableauMethods {
    private TableauMethods() {}

    /** rk:TABLEAU, an explicit tableau: a built-in name or a tableau file. */
    static Method explicit(String n, String a) {
        return new ExplicitRungeKutta(explicit(n, ExplicitTableaux.of(tableau(n, "rk", a))));
    }

    /** vi:TABLEAU[,alpha-,alpha+], the biases numbers or fractions. */
    static Method variational(String n, String a) {
        String[] parts = tableau(n, "vi", a).split(",", -1);
        if (parts.length != 1 && parts.length != 3)
            throw new InputException("method '" + n + "': expected vi:TABLEAU or vi:TABLEAU,alpha-,alpha+, e.g. vi:rk4,-1/2,1/2");
        double am = parts.length == 3 ? bias(n, parts[1]) : 0, ap = parts.length == 3 ? bias(n, parts[2]) : 1;
        return new VariationalConversion(explicit(n, ExplicitTableaux.of(parts[0])), am, ap);
    }

    private static String tableau(String n, String family, String a) {
        String body = a == null ? "" : a.trim();
        if (body.isEmpty()) throw new InputException("method '" + n + "' needs a tableau, e.g. " + family + ":rk4");
        return body;
    }

    private static org.geomech.method.tableau.ButcherTableau explicit(String n, org.geomech.method.tableau.ButcherTableau t) {
        if (!t.isExplicit())
            throw new InputException("method '" + n + "': tableau " + t.name() + " is implicit; only explicit tableaux are supported here");
        return t;
    }

    private static double bias(String n, String text) {
        try {
            Expr e = Parser.parse(text.trim(), s -> null);
            if (e.isConst() && Double.isFinite(e.value())) return e.value();
        } catch (ParseException | ArithmeticException e) {
            throw new InputException("method '" + n + "': bias '" + text.trim() + "' is not a number");
        }
        throw new InputException("method '" + n + "': bias '" + text.trim() + "' is not a number");
    }
}
