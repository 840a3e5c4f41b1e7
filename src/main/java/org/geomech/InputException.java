package org.geomech;

/** Bad input from a user (model text, names, dimensions, values): reported as one line, exit code 2. */
public class InputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InputException(String message) { super(message); }

    public InputException(String message, Throwable cause) { super(message, cause); }
}
