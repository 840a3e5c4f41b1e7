package org.geomech.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Json's writer keeps the layout summary.json had under Jackson, and its reader reads what it writes and what Jackson reads. */
class JsonTest {
    record Inner(double rankError, double[] levels) {}

    record Outer(String name, Integer missing, long memberSteps, List<Inner> inner, Map<String, Object> extra, boolean ok) {}

    private static Outer sample() {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("hPerMember", "uniform(0.01, 0.02)");
        extra.put("nan", Double.NaN);
        extra.put("empty", List.of());
        extra.put("none", Map.of());
        return new Outer("a \"quoted\" \\ name\n\u0001", null, 12_000_000_000L, List.of(new Inner(1e-4, new double[]{0.05, 0.5})), extra, true);
    }

    @Test
    void writesSnakeCaseNamesInOrderAndLeavesNullsOut() {
        String expected = """
                {
                  "name" : "a \\"quoted\\" \\\\ name\\n\\u0001",
                  "member_steps" : 12000000000,
                  "inner" : [ {
                    "rank_error" : 1.0E-4,
                    "levels" : [ 0.05, 0.5 ]
                  } ],
                  "extra" : {
                    "hPerMember" : "uniform(0.01, 0.02)",
                    "nan" : "NaN",
                    "empty" : [ ],
                    "none" : { }
                  },
                  "ok" : true
                }""";
        assertEquals(expected, Json.write(sample()));
    }

    @Test
    void jacksonReadsWhatItWritesAsTheSameValues() throws Exception {
        JsonNode tree = new ObjectMapper().readTree(Json.write(sample()));
        assertEquals("a \"quoted\" \\ name\n\u0001", tree.get("name").asText());
        assertFalse(tree.has("missing"));
        assertEquals(12_000_000_000L, tree.get("member_steps").asLong());
        assertEquals(1e-4, tree.get("inner").get(0).get("rank_error").asDouble());
        assertEquals("NaN", tree.get("extra").get("nan").asText());
    }

    @Test
    void readsBackWhatItWrites() {
        @SuppressWarnings("unchecked")
        Map<String, Object> read = (Map<String, Object>) Json.read(Json.write(sample()));
        assertEquals(List.of("name", "member_steps", "inner", "extra", "ok"), List.copyOf(read.keySet()));
        assertEquals("a \"quoted\" \\ name\n\u0001", read.get("name"));
        assertEquals(12e9, read.get("member_steps"));
        assertEquals(List.of(Map.of("rank_error", 1e-4, "levels", List.of(0.05, 0.5))), read.get("inner"));
        assertEquals(Boolean.TRUE, read.get("ok"));
        assertEquals(Map.of("hPerMember", "uniform(0.01, 0.02)", "nan", "NaN", "empty", List.of(), "none", Map.of()), read.get("extra"));
    }

    @Test
    void readsEscapesAndLiterals() {
        assertEquals(List.of("\u00e9\t", -2.5e3, false), Json.read(" [\"\\u00e9\\t\", -2.5e3 , false ] "));
        assertEquals(null, Json.read("null"));
    }

    @Test
    void refusesWhatIsNotJson() {
        for (String bad : new String[]{"", "{", "{\"a\" 1}", "[1,]", "[1 2]", "\"open", "tru", "{} x", "{1: 2}"})
            assertThrows(IllegalArgumentException.class, () -> Json.read(bad), bad);
    }

    @Test
    void snakeCaseIsJacksonsSnakeCase() {
        assertEquals("member_steps_per_second", Json.snakeCase("memberStepsPerSecond"));
        assertEquals("h_per_member", Json.snakeCase("hPerMember"));
        assertEquals("q0", Json.snakeCase("q0"));
        assertEquals("retried_h", Json.snakeCase("retriedH"));
        assertEquals("t", Json.snakeCase("_t"));
    }
}
