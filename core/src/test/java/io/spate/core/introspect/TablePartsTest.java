package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A table built from its parts. */
class TablePartsTest {

  private static Column nullable(String name) {
    return new Column(name, SqlType.TEXT, "text", -1, -1, -1, true, false, false, null);
  }

  // label text CHECK (NOT (label IS NULL)); CHECK ((shipped_at IS NULL) = (tracking IS NULL))
  @Test
  void aColumnACheckNeedsNeverNullIsBuiltNotNullable() {
    TableParts parts = new TableParts("public", "t");
    parts.columns.addAll(List.of(nullable("label"), nullable("note")));
    CheckParser.Reading reading =
        CheckParser.parse("t_label_check", "CHECK ((NOT (label IS NULL)))", List.of("label"));
    parts.checks.addAll(reading.checks());
    parts.notNull.addAll(reading.notNull());

    List<Column> columns = parts.build().columns();

    assertEquals(List.of(false, true), columns.stream().map(Column::nullable).toList());
    assertEquals(nullable("note"), columns.get(1));
  }
}
