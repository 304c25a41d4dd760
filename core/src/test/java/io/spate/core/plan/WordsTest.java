package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WordsTest {

  @Test
  void namesSplitAtUnderscoresAndCamelCaseWithoutTrailingDigits() {
    assertEquals(List.of("ship", "postal", "code"), Words.of("shipPostalCode_2"));
    assertEquals(List.of("ip", "address"), Words.of("IPAddress"));
    assertEquals(List.of("c", "street"), Words.of("c_street_1"));
    assertEquals(List.of("address"), Words.of("address1"));
  }

  @Test
  void aTablesEntityIsItsLastWordInTheSingular() {
    assertEquals("item", Words.entity("order_items"));
    assertEquals("person", Words.entity("people"));
    assertEquals("category", Words.entity("categories"));
    assertEquals("address", Words.entity("addresses"));
    assertEquals("track", Words.entity("Track"));
    assertEquals("status", Words.entity("status"));
  }
}
