package org.geomech.io.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A label with superscripts, written as text with {@code ^{...}} (or {@code ^} followed by a word, {@code h^4},
 * {@code 10^-3}) marking them: tick labels 10^k, axis titles mu(E, t) / h^4, legend entries slope h^2.
 */
public record RichText(List<Run> runs) {
    /** A piece of the label, raised and smaller when superscript. */
    public record Run(String text, boolean superscript) {}

    private static final Pattern SUPERSCRIPT = Pattern.compile("\\^(?:\\{([^}]*)}|(-?[0-9A-Za-z.]+))");

    /** The label written with ^ superscripts. */
    public static RichText of(String marked) {
        List<Run> runs = new ArrayList<>();
        Matcher m = SUPERSCRIPT.matcher(marked);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) runs.add(new Run(marked.substring(at, m.start()), false));
            runs.add(new Run((m.group(1) != null ? m.group(1) : m.group(2)).replace('-', '\u2212'), true));
            at = m.end();
        }
        if (at < marked.length()) runs.add(new Run(marked.substring(at), false));
        return new RichText(List.copyOf(runs));
    }

    /** 10^k as a tick label. */
    public static RichText power(int k) {
        return new RichText(List.of(new Run("10", false), new Run(Integer.toString(k).replace('-', '\u2212'), true)));
    }

    /** m x 10^k as a tick label (m = 2 or 5 between decades). */
    public static RichText multiple(int m, int k) {
        return new RichText(List.of(new Run(m + "\u00d710", false), new Run(Integer.toString(k).replace('-', '\u2212'), true)));
    }

    /** The text without markup, superscripts written ^{...}: what matplotlib's mathtext reads between dollars. */
    public String marked() {
        StringBuilder sb = new StringBuilder();
        for (Run r : runs) sb.append(r.superscript() ? "^{" + r.text().replace('\u2212', '-') + "}" : r.text());
        return sb.toString();
    }
}
