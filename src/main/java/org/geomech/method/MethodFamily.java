package org.geomech.method;

import java.util.List;

/**
 * A family of methods as the registry (Methods.FAMILIES) lists it, once: its name (a method name up to its ':'), the
 * syntax of its names, a one-line description, the paper and equations it implements, a few concrete names for `geomech
 * list`, and the parser that checks a name's arguments and makes the method. What a method's paper claims about its step
 * (Method.claims, read by geomech certify) depends on the arguments (the stage count, theta, the bias), so each method the
 * parser makes states it.
 *
 * @param name        the family's name, e.g. lobatto-nh
 * @param syntax      how its methods are named, e.g. lobatto-nh:s[,iiib]
 * @param description one line: what the family is
 * @param paper       the paper, section and equations it implements
 * @param examples    concrete names of the family, the first one the family's default certificate (CertifyTest)
 * @param parser      the method a name of the family denotes
 */
public record MethodFamily(String name, String syntax, String description, String paper, List<String> examples, Parser parser) {
    public MethodFamily {
        examples = List.copyOf(examples);
        if (examples.isEmpty()) throw new IllegalArgumentException("method family " + name + " without an example");
        if (!syntax.startsWith(name)) throw new IllegalArgumentException("syntax " + syntax + " does not start with the family's name " + name);
    }

    /** Makes the method of a name of the family: name as typed (for messages), arguments the text after ':' or null. */
    @FunctionalInterface
    public interface Parser {
        Method parse(String name, String arguments);
    }

    /** The method a name of this family (its head before ':' this family's name) denotes; InputException for bad arguments. */
    public Method parse(String methodName) {
        int colon = methodName.indexOf(':');
        return parser.parse(methodName, colon < 0 ? null : methodName.substring(colon + 1));
    }

    /** The family name a method name starts with: the text before its first ':', trimmed. */
    public static String head(String methodName) {
        int colon = methodName.indexOf(':');
        return (colon < 0 ? methodName : methodName.substring(0, colon)).trim();
    }
}
