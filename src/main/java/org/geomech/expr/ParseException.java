package org.geomech.expr;

/** A one-line parse error naming the 1-based column of the text and what was expected there. */
public final class ParseException extends IllegalArgumentException {
    /** The 1-based column of the text where the error is. */
    private final int column;
    /** What was expected there. */
    private final String expected;

    ParseException(String text, int column, String expected, String problem) {
        super("column " + column + " of \"" + oneLine(excerpt(text, column)) + "\": " + problem);
        this.column = column;
        this.expected = expected;
    }

    /** The 1-based column where the problem is; the length of the text plus one for its end. */
    public int column() { return column; }

    /** What would have been accepted at that column, e.g. "a number, name or '('". */
    public String expected() { return expected; }

    /** Characters of the text shown either side of the column in a message about a long text. */
    static final int SHOWN = 40;

    // The text, or for a long one the part around the column with "..." where it is cut
    private static String excerpt(String text, int column) {
        if (text.length() <= 2 * SHOWN) return text;
        int from = Math.max(0, column - 1 - SHOWN), to = Math.min(text.length(), column - 1 + SHOWN);
        return (from > 0 ? "..." : "") + text.substring(from, to) + (to < text.length() ? "..." : "");
    }

    /** The text with line breaks and other control characters escaped, so the message stays on one line. */
    static String oneLine(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c == '\n') sb.append("\\n");
            else if (c == '\r') sb.append("\\r");
            else if (c == '\t') sb.append("\\t");
            else if (Character.isISOControl(c)) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.toString();
    }
}
