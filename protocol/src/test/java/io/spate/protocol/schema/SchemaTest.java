package io.spate.protocol.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaTest {

  private static Table table(String schema, String name, String column) {
    return new Table(
        schema,
        name,
        List.of(Column.of(column, SqlType.INTEGER)),
        null,
        List.of(),
        List.of(),
        List.of());
  }

  @Test
  void findsATableByItsIdAndTheFirstOfTwoOfOneId() {
    Table first = table("public", "t", "a");
    Table second = table("public", "t", "b");
    Table other = table("sales", "t.x", "a");
    Schema schema = new Schema(List.of(first, second, other));

    assertSame(first, schema.table("t").orElseThrow());
    assertSame(other, schema.table("sales.\"t.x\"").orElseThrow());
    assertTrue(schema.table("sales.t").isEmpty());
  }

  @Test
  void readsBackFromItsJsonAsAnEqualValue() throws Exception {
    JsonMapper json = JsonMapper.builder().build();
    Schema schema = new Schema(List.of(table("public", "t", "a"), table("sales", "u", "b")));

    String text = json.writeValueAsString(schema);

    assertTrue(text.startsWith("{\"tables\":["), text);
    assertEquals(schema, json.readValue(text, Schema.class));
    assertEquals(schema.hashCode(), json.readValue(text, Schema.class).hashCode());
  }
}
