package org.geomech.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The output a README shows for a command, compared with what the command prints. Both are compared line by line after
 * masking what differs from run to run (times, rates, memory, the thread count, the output folder, a column headed
 * "seconds") and collapsing runs of blanks; a number shown matches a printed number that rounds to it at the digits shown
 * (0.0267 matches 0.02669); "..." within a line stands for any text, and a line of "..." alone for any number of lines.
 */
final class ShownOutput {
    /** A decimal number as geomech prints them: 2000, -0.3966, 5.94e+04, 1.0E-12, +0.001 (of +0.001%). */
    static final Pattern NUMBER = Pattern.compile("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?");
    private static final String ELLIPSIS = "...";

    /** What varies between runs of one command, masked on both sides: its pattern and what it becomes. */
    private record Mask(Pattern pattern, String replacement) {}

    private static final List<Mask> MASKS = List.of(
            new Mask(Pattern.compile("(?<![\\w.])\\d[\\d.]*(?:[eE][-+]?\\d+)? s\\b"), "<seconds> s"),
            new Mask(Pattern.compile("\\S+ member-steps/s"), "<rate> member-steps/s"),
            new Mask(Pattern.compile("(?<![\\w.])\\d[\\d.]* (?:KB|MB|GB|KiB|MiB|GiB|TiB)\\b"), "<memory>"),
            new Mask(Pattern.compile("\\(\\d+ threads?\\)"), "(<threads>)"),
            new Mask(Pattern.compile("results in \\S+"), "results in <folder>"));

    private final List<String> shown;
    private final boolean numbersCompared;

    /** The lines a README shows; numbersCompared false masks every number on both sides (a run at another size). */
    ShownOutput(List<String> shown, boolean numbersCompared) {
        this.shown = normalise(shown, numbersCompared);
        this.numbersCompared = numbersCompared;
    }

    /** Where the printed lines first differ from the shown ones (README line and printed line), or empty when they match. */
    Optional<String> difference(List<String> printed) {
        List<String> actual = normalise(printed, numbersCompared);
        int m = shown.size(), n = actual.size();
        // reach[i][j]: the first i shown lines match the first j printed ones
        boolean[][] reach = new boolean[m + 1][n + 1];
        reach[0][0] = true;
        for (int i = 0; i <= m; i++)
            for (int j = 0; j <= n; j++) {
                if (!reach[i][j] || i == m) continue;
                if (shown.get(i).equals(ELLIPSIS)) {
                    for (int k = j; k <= n; k++) reach[i + 1][k] = true;
                } else if (j < n && lineMatches(shown.get(i), actual.get(j))) {
                    reach[i + 1][j + 1] = true;
                }
            }
        if (reach[m][n]) return Optional.empty();
        for (int i = m; i >= 0; i--)
            for (int j = 0; j <= n; j++)
                if (reach[i][j]) {
                    if (i == m) return Optional.of("the output goes on after the shown lines: \"" + actual.get(j) + "\"");
                    return Optional.of("shown line " + (i + 1) + " \"" + shown.get(i) + "\" "
                            + (j < n ? "differs from printed line " + (j + 1) + " \"" + actual.get(j) + "\"" : "is missing: the output ended"));
                }
        throw new IllegalStateException("no prefix matched");
    }

    /** Masked and blank-collapsed lines, trailing blank lines dropped. */
    private static List<String> normalise(List<String> lines, boolean numbersCompared) {
        List<String> out = new ArrayList<>();
        int secondsColumn = -1;
        for (String raw : lines) {
            String line = raw.strip().replaceAll("\\s+", " ");
            for (Mask mask : MASKS) line = mask.pattern().matcher(line).replaceAll(mask.replacement());
            String[] cells = line.split(" ");
            int header = List.of(cells).indexOf("seconds");
            if (header >= 0) secondsColumn = header;
            else if (secondsColumn >= 0 && cells.length > secondsColumn && NUMBER.matcher(cells[secondsColumn]).matches()) {
                cells[secondsColumn] = "<seconds>";
                line = String.join(" ", cells);
            } else secondsColumn = -1;
            if (!numbersCompared) line = NUMBER.matcher(line).replaceAll("#");
            out.add(line);
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return out;
    }

    /** A shown line against a printed one: text equal, "..." any text, numbers equal at the shown digits. */
    static boolean lineMatches(String shownLine, String printedLine) {
        StringBuilder regex = new StringBuilder();
        List<String> numbers = new ArrayList<>();
        Matcher number = NUMBER.matcher(shownLine);
        int at = 0;
        while (at < shownLine.length()) {
            int dots = shownLine.indexOf(ELLIPSIS, at);
            boolean found = number.find(at);
            int next = Math.min(dots < 0 ? shownLine.length() : dots, found ? number.start() : shownLine.length());
            if (next > at) regex.append(Pattern.quote(shownLine.substring(at, next)));
            if (next == shownLine.length()) break;
            if (next == dots) {
                regex.append(".*?");
                at = dots + ELLIPSIS.length();
            } else {
                regex.append("(").append(NUMBER.pattern()).append(")");
                numbers.add(number.group());
                at = number.end();
            }
        }
        Matcher m = Pattern.compile(regex.toString()).matcher(printedLine);
        if (!m.matches()) return false;
        for (int k = 0; k < numbers.size(); k++) if (!sameAtShownDigits(numbers.get(k), m.group(k + 1))) return false;
        return true;
    }

    /** True when the printed number rounds to the shown one at the digits shown: within half a unit of its last digit. */
    static boolean sameAtShownDigits(String shownNumber, String printedNumber) {
        if (shownNumber.equals(printedNumber)) return true;
        String mantissa = shownNumber.split("[eE]")[0];
        int exponent = shownNumber.matches(".*[eE].*") ? Integer.parseInt(shownNumber.split("[eE]")[1].replace("+", "")) : 0;
        int decimals = mantissa.contains(".") ? mantissa.length() - mantissa.indexOf('.') - 1 : 0;
        double unit = Math.pow(10, exponent - decimals);
        return Math.abs(Double.parseDouble(printedNumber) - Double.parseDouble(shownNumber)) <= 0.5 * unit * (1 + 1e-9);
    }
}
