package org.geomech;

/** Bad input from a user (model text, names, dimensions, values): reported as one line, exit code 2. */
public class InputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Bad input, reported by message, one line. */
    public InputException(String message) { super(message); }

    /** Bad input, reported by message, one line, with the error that revealed it. */
    public InputException(String message, Throwable cause) { super(message, cause); }
}
