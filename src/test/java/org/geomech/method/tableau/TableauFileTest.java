package org.geomech.method.tableau;

import org.geomech.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A user's tableau checked in exact arithmetic: rows of A sum to c, Butcher's order conditions up to the claimed order, or the order computed. */
class TableauFileTest {
    @TempDir
    Path dir;

    @Test
    void rootedTreesOfEachOrder() {
        // OEIS A000081: rooted trees with n vertices, n = 1..12
        assertArrayEquals(new int[]{1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842, 4766}, OrderConditions.counts());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            // Hairer, Norsett, Wanner I, Tables II.1.1-1.2 and II.7.3-7.4: the classical orders
            "ralston   ; a: [[0, 0], [2/3, 0]]\\nb: [1/4, 3/4]\\nc: [0, 2/3]                                                        ; 2",
            "kutta3    ; a: [[0, 0, 0], [0.5, 0, 0], [-1, 2, 0]]\\nb: [1/6, 2/3, 1/6]\\nc: [0, 1/2, 1]                                ; 3",
            "rk4       ; a: [[0,0,0,0], [1/2,0,0,0], [0,1/2,0,0], [0,0,1,0]]\\nb: [1/6, 1/3, 1/3, 1/6]\\nc: [0, 0.5, 0.5, 1]          ; 4",
            "3/8 rule  ; a: [[0,0,0,0], [1/3,0,0,0], [-1/3,1,0,0], [1,-1,1,0]]\\nb: [0.125, 0.375, 0.375, 0.125]\\nc: [0, 1/3, 2/3, 1] ; 4",
            "midpoint  ; a: [[1/2]]\\nb: [1]\\nc: [0.5]                                                                              ; 2",
            "gauss2    ; a: [[1/4, 1/4 - sqrt(3)/6], [1/4 + sqrt(3)/6, 1/4]]\\nb: [1/2, 1/2]\\nc: [1/2 - sqrt(3)/6, 1/2 + sqrt(3)/6]  ; 4",
            "gauss3    ; a: [[5/36, 2/9 - sqrt(15)/15, 5/36 - sqrt(15)/30], [5/36 + sqrt(15)/24, 2/9, 5/36 - sqrt(15)/24], [5/36 + sqrt(15)/30, 2/9 + sqrt(15)/15, 5/36]]\\nb: [5/18, 4/9, 5/18]\\nc: [1/2 - sqrt(15)/10, 1/2, 1/2 + sqrt(15)/10] ; 6"})
    void orderLeftOutIsComputed(String name, String text, int order) throws IOException {
        ButcherTableau t = TableauFile.read(write(text));
        assertEquals(order, t.order());
        // a claim of that order passes, one order more is refused
        assertEquals(order, TableauFile.read(write(text + "\\norder: " + order)).order());
        assertThrows(InputException.class, () -> TableauFile.read(write(text + "\\norder: " + (order + 1))));
    }

    @Test
    void decimalsAreTheirDigits() throws IOException {
        // 0.1 is 1/10 exactly: row 3 sums to 0.1 + 0.2 = 0.3 = c3 (in doubles 0.30000000000000004); b c = 0.1/4 + 0.3/4 = 1/10, not 1/2: order 1
        ButcherTableau t = TableauFile.read(write("a: [[0, 0, 0], [0.1, 0, 0], [0.1, 0.2, 0]]\\nb: [0.5, 0.25, 0.25]\\nc: [0, 0.1, 0.3]"));
        assertEquals(1, t.order());
        assertEquals(0.1, t.c()[1]);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "b sums to 1/2 | a: [[0, 0], [1, 0]]\\nb: [1/4, 1/4]\\nc: [0, 1] | tableau t: the order condition for tree t (order 1) fails: sum b_i = 1/2, expected 1 (b must sum to 1)",
            "claims 3, has 2 | a: [[0, 0], [1, 0]]\\nb: [1/2, 1/2]\\nc: [0, 1]\\norder: 3 | tableau t: order 3 is claimed, but the order condition for tree [[t]] (order 3) fails: sum b_i a_ij c_j = 0, expected 1/6",
            "ralston claims 3 | a: [[0, 0], [2/3, 0]]\\nb: [1/4, 3/4]\\nc: [0, 2/3]\\norder: 3 | tableau t: order 3 is claimed, but the order condition for tree [[t]] (order 3) fails: sum b_i a_ij c_j = 0, expected 1/6",
            // rk4: sum b_i a_ij c_j^3 = 1/3 * 1/16 + 1/6 * 1/8 = 1/24, the first tree of order 5 generated
            "rk4 claims 5 | a: [[0,0,0,0], [1/2,0,0,0], [0,1/2,0,0], [0,0,1,0]]\\nb: [1/6, 1/3, 1/3, 1/6]\\nc: [0, 0.5, 0.5, 1]\\norder: 5 | tableau t: order 5 is claimed, but the order condition for tree [[t, t, t]] (order 5) fails: sum b_i a_ij c_j^3 = 1/24, expected 1/20",
            "row sum off by 1e-20 | a: [[0, 0], [1.00000000000000000001, 0]]\\nb: [1/2, 1/2]\\nc: [0, 1] | tableau t: row 2 of A sums to 100000000000000000001/100000000000000000000, not to c2 = 1",
            "two square roots | a: [[0, 0], [sqrt(2), 0]]\\nb: [1/2, 1/2]\\nc: [0, sqrt(3)] | tableau t: sqrt(2) and sqrt(3) in one tableau: its entries may use one square root only",
            "order beyond 12 | a: [[0]]\\nb: [1]\\nc: [0]\\norder: 13 | FILE: order 13 cannot be checked: the order conditions are checked for orders 1 to 12 (leave order out to have it computed)",
            "not exact | a: [[0]]\\nb: [sin(1)]\\nc: [0] | FILE: b: 'sin(1)' is not a number (unexpected 's' at column 1; entries are exact: decimals, fractions such as 1/6, and square roots of rationals such as sqrt(3)/6)",
            "huge exponent | a: [[0]]\\nb: [1e999999999]\\nc: [0] | FILE: b: '1E+999999999' is not a number (1E+999999999 is out of range; entries are exact: decimals, fractions such as 1/6, and square roots of rationals such as sqrt(3)/6)"})
    void inconsistentTableauIsRefused(String name, String text, String message) throws IOException {
        Path file = write(text);
        InputException e = assertThrows(InputException.class, () -> TableauFile.read(file));
        assertEquals(message.replace("FILE", file.toString()), e.getMessage());
    }

    private Path write(String text) throws IOException {
        Path file = dir.resolve("t.yaml");
        Files.writeString(file, text.trim().replace("\\n", "\n"));
        return file;
    }
}
