package org.geomech.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The commands read method names from the registry (method.Methods): unknown families one line, exit 2; a family described. */
class MethodRegistryCliTest {
    @Test
    void theCliReportsAnUnknownMethodOnOneLineWithExitTwo() {
        for (List<String> args : List.of(List.of("describe", "foo:3"), List.of("certify", "foo:3"), List.of("run", "--model", "nh-particle", "--method", "foo:3"))) {
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertEquals(2, r.exit(), args + ": " + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().startsWith("geomech: error: unknown method 'foo:3': no family 'foo' (families: rattle, "), r.err());
        }
    }

    @Test
    void describeOfAFamilyNameShowsItsSyntaxAndPaper() {
        Cli.Result r = Cli.run("describe", "lobatto-nh");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("syntax:       lobatto-nh:s[,iiib]") && r.out().contains("paper:        001 sec. 5, eq. 14")
                && r.out().contains("examples:     lobatto-nh:2, lobatto-nh:3, lobatto-nh:4"), r.out());
    }
}
