package org.geomech.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands README.md shows, read from its fenced blocks without a language: a line "$ ./geomech ARGS" is a command whose
 * output the lines after it show (up to the next command or the block's end), a line "./geomech ARGS" one shown without
 * output; a trailing backslash continues a line, an unquoted # starts a comment. An HTML comment on the line before a block,
 * {@code <!-- readme-test: CLAUSE; CLAUSE -->}, says how the README test treats it:
 * <ul>
 *   <li>{@code not run (REASON)}: its commands are not run (every other line of a block must be a geomech command);</li>
 *   <li>{@code runs as `./geomech ARGS` (REASON)}: its one command runs as ARGS (a smaller size) instead;</li>
 *   <li>{@code numbers not compared}: numbers are masked on both sides (with runs as, the other size prints others);</li>
 *   <li>{@code needs OpenCL}: runs where OpenCL does (skipped with a message elsewhere, failing under GEOMECH_REQUIRE_OPENCL=1);</li>
 *   <li>{@code fresh JVM (REASON)}: runs in a JVM of its own, as the launcher runs it, where the output depends on what the JVM did
 *   before (the test runs the others in its own JVM);</li>
 *   <li>{@code lines K-M not compared (REASON)}: shown lines K to M (of the output, from 1) stand for any lines printed there.</li>
 * </ul>
 */
final class ReadmeCommands {
    /** One command as the README shows it: its line in README.md, its text, its arguments and the output shown (null: none). */
    record Command(int line, String text, List<String> args, List<String> shown, Treatment treatment) {}

    /** How the README test treats a block's commands, from its readme-test comment. */
    record Treatment(String notRun, List<String> runsAs, boolean numbersCompared, boolean needsOpenCl, boolean freshJvm, int fromLine, int toLine) {
        static final Treatment DEFAULT = new Treatment(null, null, true, false, false, 0, -1);
    }

    private static final Pattern DIRECTIVE = Pattern.compile("<!-- readme-test: (.*) -->");
    private static final Pattern NOT_RUN = Pattern.compile("not run \\((.+)\\)");
    private static final Pattern RUNS_AS = Pattern.compile("runs as `\\./geomech ([^`]+)` \\((.+)\\)");
    private static final Pattern LINES = Pattern.compile("lines (\\d+)-(\\d+) not compared \\((.+)\\)");
    private static final Pattern FRESH = Pattern.compile("fresh JVM \\((.+)\\)");
    private static final String PROMPT = "$ ./geomech ", COMMAND = "./geomech ";

    private ReadmeCommands() {}

    /** The commands of the README's text, in order; a block or directive the test cannot read is an IllegalArgumentException naming its line. */
    static List<Command> parse(List<String> readme) {
        List<Command> commands = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            if (!readme.get(i).startsWith("```")) continue;
            String language = readme.get(i).substring(3).strip();
            int end = i + 1;
            while (end < readme.size() && !readme.get(end).startsWith("```")) end++;
            if (end == readme.size()) throw new IllegalArgumentException("README.md line " + (i + 1) + ": a fenced block that does not end");
            if (language.isEmpty()) commands.addAll(block(readme, i, end, treatment(readme, i)));
            i = end;
        }
        return commands;
    }

    // The lines i+1 .. end-1 of a block that opens on line i
    private static List<Command> block(List<String> readme, int open, int end, Treatment treatment) {
        List<Command> out = new ArrayList<>();
        List<String> shown = null;
        int line = 0;
        String text = null;
        for (int k = open + 1; k < end; k++) {
            String l = readme.get(k);
            int first = k;
            while (l.endsWith("\\") && k + 1 < end) l = l.substring(0, l.length() - 1) + readme.get(++k).strip();
            boolean prompted = l.startsWith(PROMPT), plain = l.startsWith(COMMAND);
            if (prompted || plain) {
                if (text != null) out.add(command(line, text, shown, treatment));
                line = first + 1;
                text = prompted ? l.substring(2) : l;
                shown = prompted ? new ArrayList<>() : null;
            } else if (shown != null) {
                shown.add(l);
            } else if (!l.isBlank() && treatment.notRun() == null) {
                throw new IllegalArgumentException("README.md line " + (first + 1) + ": \"" + l + "\" is neither a geomech command nor its output:"
                        + " write it as \"$ ./geomech ...\" with its output, or mark the block <!-- readme-test: not run (REASON) -->");
            }
        }
        if (text != null) out.add(command(line, text, shown, treatment));
        if (treatment.runsAs() != null && out.size() != 1)
            throw new IllegalArgumentException("README.md line " + (open + 1) + ": 'runs as' needs a block of one command, this one has " + out.size());
        return out;
    }

    private static Command command(int line, String text, List<String> shown, Treatment treatment) {
        List<String> words = words(text);
        if (words.isEmpty() || !words.get(0).equals("./geomech")) throw new IllegalArgumentException("README.md line " + line + ": not a geomech command: " + text);
        if (shown != null && treatment.toLine() >= 0) {
            if (treatment.toLine() > shown.size()) throw new IllegalArgumentException("README.md line " + line + ": lines "
                    + treatment.fromLine() + "-" + treatment.toLine() + " not compared, but " + shown.size() + " lines are shown");
            List<String> masked = new ArrayList<>(shown.subList(0, treatment.fromLine() - 1));
            masked.add("...");
            masked.addAll(shown.subList(treatment.toLine(), shown.size()));
            shown = masked;
        }
        return new Command(line, text, words.subList(1, words.size()), shown, treatment);
    }

    // The readme-test comment on the line before a block (blank lines between allowed), or the default treatment
    private static Treatment treatment(List<String> readme, int open) {
        int k = open - 1;
        while (k >= 0 && readme.get(k).isBlank()) k--;
        Matcher d = k >= 0 ? DIRECTIVE.matcher(readme.get(k).strip()) : null;
        if (d == null || !d.matches()) return Treatment.DEFAULT;
        String notRun = null;
        List<String> runsAs = null;
        boolean numbers = true, openCl = false, fresh = false;
        int from = 0, to = -1;
        for (String clause : clauses(d.group(1))) {
            Matcher m;
            if ((m = NOT_RUN.matcher(clause)).matches()) notRun = m.group(1);
            else if ((m = RUNS_AS.matcher(clause)).matches()) runsAs = words(m.group(1));
            else if (clause.equals("numbers not compared")) numbers = false;
            else if (clause.equals("needs OpenCL")) openCl = true;
            else if (FRESH.matcher(clause).matches()) fresh = true;
            else if ((m = LINES.matcher(clause)).matches() && Integer.parseInt(m.group(1)) >= 1 && Integer.parseInt(m.group(2)) >= Integer.parseInt(m.group(1))) {
                from = Integer.parseInt(m.group(1));
                to = Integer.parseInt(m.group(2));
            } else throw new IllegalArgumentException("README.md line " + (k + 1) + ": unknown readme-test clause '" + clause
                    + "' (not run (REASON), runs as `./geomech ARGS` (REASON), numbers not compared, needs OpenCL, fresh JVM (REASON), lines K-M not compared (REASON))");
        }
        return new Treatment(notRun, runsAs, numbers, openCl, fresh, from, to);
    }

    /** The clauses of a directive: separated by semicolons outside parentheses and backquotes. */
    private static List<String> clauses(String directive) {
        List<String> out = new ArrayList<>();
        int depth = 0, start = 0;
        boolean quoted = false;
        for (int i = 0; i < directive.length(); i++) {
            char c = directive.charAt(i);
            if (c == '`') quoted = !quoted;
            else if (!quoted && c == '(') depth++;
            else if (!quoted && c == ')') depth--;
            else if (!quoted && depth == 0 && c == ';') {
                out.add(directive.substring(start, i).strip());
                start = i + 1;
            }
        }
        out.add(directive.substring(start).strip());
        return out;
    }

    /** The words of a shell command line: blanks separate them, single and double quotes group, an unquoted # starts a comment. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else word.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                if (word == null) word = new StringBuilder();
            } else if (Character.isWhitespace(c)) {
                if (word != null) words.add(word.toString());
                word = null;
            } else if (c == '#' && word == null) {
                break;
            } else {
                if (word == null) word = new StringBuilder();
                word.append(c);
            }
        }
        if (quote != 0) throw new IllegalArgumentException("unbalanced quote in: " + line);
        if (word != null) words.add(word.toString());
        return words;
    }
}
