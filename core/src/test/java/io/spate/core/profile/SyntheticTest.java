package io.spate.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SyntheticTest {

  @Test
  void standInsKeepEachValuesLengthAndDependOnItsPositionAlone() {
    assertEquals(
        List.of("axxxxx", "bxxxxxx", "c", "dxxx"),
        Synthetic.of(List.of("active", "dormant", "x", "élan")));
    assertEquals(
        Synthetic.of(List.of("secret", "hidden")), Synthetic.of(List.of("public", "shown!")));
  }

  @Test
  void manyValuesGetLettersOfOneWidthThatSortAsThePositions() {
    List<String> values = IntStream.range(0, 100).mapToObj(i -> "value " + i).toList();
    List<String> standIns = Synthetic.of(values);
    assertEquals("aaxxxxx", standIns.get(0));
    assertEquals("bbxxxxxx", standIns.get(27));
    assertEquals(standIns.stream().sorted().toList(), standIns);
  }

  @Test
  void aFillGivesStandInsPoolValuesOfTheirLengthEqualStandInsOneValue() {
    List<String> pool = List.of("Paris", "Oslo", "Lisbon", "Rome", "Oslo", "Bern");
    assertEquals(
        Arrays.asList("Oslo", "Lisbon", "Oslo", null, "Paris", "Rome"),
        Synthetic.fromPool(
            Arrays.asList("axxx", "bxxxxx", "axxx", null, "cxxxxxxxx", "dxxx"), pool));
    assertEquals(
        List.of("Rome", "bxx", "cxx"),
        Synthetic.fromPool(List.of("axxx", "bxx", "cxx"), List.of("Rome")),
        "past the pool, the stand-ins stay");
  }
}
