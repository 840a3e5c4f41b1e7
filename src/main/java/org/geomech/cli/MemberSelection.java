package org.geomech.cli;

import org.geomech.InputException;

import java.util.ArrayList;
import java.util.List;

/** Member indices as the command line takes them: numbers, inclusive ranges a-b, or all. */
final class MemberSelection {
    private MemberSelection() {}

    static List<Integer> parse(String option, List<String> items, int members) {
        if (items.stream().allMatch(String::isBlank)) throw new InputException(option + ": no members selected (give member indices 0,5,9, ranges 0-99, or all)");
        List<Integer> out = new ArrayList<>();
        for (String item : items) {
            String s = item.trim();
            if (s.equals("all")) {
                for (int j = 0; j < members; j++) out.add(j);
                continue;
            }
            int dash = s.indexOf('-', 1);
            int from = index(option, dash < 0 ? s : s.substring(0, dash), members), to = dash < 0 ? from : index(option, s.substring(dash + 1), members);
            if (to < from) throw new InputException(option + ": range " + s + " is empty (" + to + " < " + from + ")");
            for (int j = from; j <= to; j++) out.add(j);
        }
        return out;
    }

    private static int index(String option, String text, int members) {
        int j;
        try {
            j = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new InputException(option + ": '" + text.trim() + "' is not a member index, a range a-b or all");
        }
        if (j < 0 || j >= members) throw new InputException(option + ": member " + j + " is not in 0.." + (members - 1));
        return j;
    }
}
