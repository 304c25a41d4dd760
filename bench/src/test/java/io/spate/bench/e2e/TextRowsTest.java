package io.spate.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A row written in LOAD DATA's text format is one line that parses back to the same values. */
class TextRowsTest {

  @Test
  void escapesEveryByteThatWouldEndAFieldOrALineAndReadsItBack() {
    List<String> row =
        Arrays.asList(
            "plain", null, "", "tab\there", "line\nbreak\r", "back\\slash\\N", "nul\0", "😀");
    StringBuilder line = new StringBuilder();
    TextRows.append(line, row);
    assertEquals(1, line.toString().split("\n", -1).length - 1, "one line: " + line);
    assertEquals(
        "plain\t\\N\t\ttab\\there\tline\\nbreak\\r\tback\\\\slash\\\\N\tnul\\0\t😀\n",
        line.toString());
    assertEquals(row, TextRows.parse(line.substring(0, line.length() - 1)));
  }
}
