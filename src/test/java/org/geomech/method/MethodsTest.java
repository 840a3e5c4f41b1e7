package org.geomech.method;

import org.geomech.InputException;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry of method families: each family once, every listed name parsed by its own family, unknown names one line. */
class MethodsTest {
    @Test
    void everyFamilyIsRegisteredOnceAndMakesItsOwnExamples() {
        Set<String> names = new HashSet<>();
        for (MethodFamily f : Methods.FAMILIES) {
            assertTrue(names.add(f.name()), "registered twice: " + f.name());
            for (String example : f.examples()) {
                Method m = Methods.parse(example);
                assertEquals(f.name(), MethodFamily.head(m.name()), example + " is named " + m.name());
                assertEquals(m.name(), Methods.parse(m.name()).name(), "a method's name parses back to it");
            }
        }
        assertEquals(20, names.size(), "the families of papers 000-004 (Methods' javadoc)");
    }

    @Test
    void theOptionalArgumentsOfASyntaxParse() {
        assertEquals("lobatto-nh:3,iiib", Methods.parse("lobatto-nh:3,iiib").name());
        assertEquals("lobatto-lie-nh:2,exp", Methods.parse("lobatto-lie-nh:2,exp").name());
        assertEquals("vrkmk:gauss2,2,no-pstar", Methods.parse("vrkmk:gauss2,2,no-pstar").name());
        assertEquals("ggl-vi-s:advanced", Methods.parse("ggl-vi-s:advanced").name());
    }

    @Test
    void anUnknownFamilyIsNamedWithTheKnownOnes() {
        String message = assertThrows(InputException.class, () -> Methods.parse("lobatto-foo:3")).getMessage();
        assertTrue(message.startsWith("unknown method 'lobatto-foo:3': no family 'lobatto-foo' (families: rattle, lobatto-holonomic:s, lobatto-nh:s[,iiib], "), message);
        for (String syntax : Methods.names()) assertTrue(message.contains(syntax), syntax);
        assertEquals("method 'rattle:2': rattle takes no arguments", assertThrows(InputException.class, () -> Methods.parse("rattle:2")).getMessage());
        assertEquals("method lobatto-nh needs a stage count, e.g. lobatto-nh:3", assertThrows(InputException.class, () -> Methods.parse("lobatto-nh")).getMessage());
        assertEquals("method 'lobatto-nh:13': stage count must be between 2 and 12", assertThrows(InputException.class, () -> Methods.parse("lobatto-nh:13")).getMessage());
    }
}
