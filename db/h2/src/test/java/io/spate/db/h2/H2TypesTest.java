package io.spate.db.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.core.introspect.CheckParser;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the H2 target reads INFORMATION_SCHEMA's types and CHECK clauses. */
class H2TypesTest {

  private static H2Types.Row row(String type, long length, long precision, long scale) {
    return new H2Types.Row(
        "c", type, length, precision, scale, true, false, false, null, List.of(), null);
  }

  private static Column column(String type) {
    return H2Types.map(row(type, -1, -1, -1)).column();
  }

  @Test
  void theStandardNamesH2ReportsMapToTheProtocolsTypes() {
    assertEquals(SqlType.BOOLEAN, column("BOOLEAN").type());
    assertEquals(SqlType.SMALLINT, column("SMALLINT").type());
    assertEquals(SqlType.INTEGER, column("INTEGER").type());
    assertEquals(SqlType.BIGINT, column("BIGINT").type());
    assertEquals(SqlType.REAL, column("REAL").type());
    assertEquals(SqlType.DOUBLE, column("DOUBLE PRECISION").type());
    assertEquals(SqlType.DATE, column("DATE").type());
    assertEquals(SqlType.TIME, column("TIME").type());
    assertEquals(SqlType.TIMESTAMP, column("TIMESTAMP").type());
    assertEquals(SqlType.TIMESTAMPTZ, column("TIMESTAMP WITH TIME ZONE").type());
    assertEquals(SqlType.UUID, column("UUID").type());
    assertEquals(SqlType.JSON, column("JSON").type());
    assertEquals(SqlType.TEXT, column("CHARACTER LARGE OBJECT").type());
    assertEquals(SqlType.BYTEA, column("BINARY LARGE OBJECT").type());
  }

  @Test
  void lengthsPrecisionsAndScalesComeFromTheirOwnColumns() {
    Column varchar = H2Types.map(row("CHARACTER VARYING", 40, -1, -1)).column();
    assertEquals(SqlType.VARCHAR, varchar.type());
    assertEquals(40, varchar.length());
    assertEquals("CHARACTER VARYING(40)", varchar.typeName());
    Column fixed = H2Types.map(row("CHARACTER", 3, -1, -1)).column();
    assertEquals(SqlType.CHAR, fixed.type());
    assertEquals(3, fixed.length());
    // a VARCHAR declared without a length reports H2's limit: text
    assertEquals(
        SqlType.TEXT, H2Types.map(row("CHARACTER VARYING", 1_000_000_000, -1, -1)).column().type());
    Column decimal = H2Types.map(row("NUMERIC", -1, 12, 2)).column();
    assertEquals(SqlType.NUMERIC, decimal.type());
    assertEquals(12, decimal.precision());
    assertEquals(2, decimal.scale());
    assertEquals(16, H2Types.map(row("BINARY VARYING", 16, -1, -1)).column().length());
  }

  @Test
  void aTinyintIsASmallintWithItsRangeAsChecks() {
    H2Types.Mapped tiny = H2Types.map(row("TINYINT", -1, 8, 0));
    assertEquals(SqlType.SMALLINT, tiny.column().type());
    assertEquals(
        List.of(
            new Check.CompareLiteral(Check.TYPE_RANGE + "TINYINT", "c", ">=", "-128"),
            new Check.CompareLiteral(Check.TYPE_RANGE + "TINYINT", "c", "<=", "127")),
        tiny.checks());
  }

  @Test
  void enumsKeepTheirLabelsAndArraysTheirElementAndCardinality() {
    Column mood =
        H2Types.map(
                new H2Types.Row(
                    "mood",
                    "ENUM",
                    -1,
                    -1,
                    -1,
                    false,
                    false,
                    false,
                    null,
                    List.of("sad", "ok"),
                    null))
            .column();
    assertEquals(SqlType.ENUM, mood.type());
    assertEquals(List.of("sad", "ok"), mood.enumLabels());
    Column tags =
        H2Types.map(
                new H2Types.Row(
                    "tags",
                    "ARRAY",
                    3,
                    -1,
                    -1,
                    true,
                    false,
                    false,
                    null,
                    List.of(),
                    row("CHARACTER VARYING", 10, -1, -1)))
            .column();
    assertEquals(SqlType.ARRAY, tags.type());
    assertEquals(3, tags.length());
    assertEquals(SqlType.VARCHAR, tags.element().type());
    assertEquals(10, tags.element().length());
    assertEquals("CHARACTER VARYING(10) ARRAY[3]", tags.typeName());
  }

  @Test
  void typesWithoutAFormInSpatesWriterAreUnsupportedByName() {
    for (String type :
        List.of("TIME WITH TIME ZONE", "INTERVAL DAY", "GEOMETRY", "JAVA_OBJECT", "ROW")) {
      Column c = column(type);
      assertEquals(SqlType.UNSUPPORTED, c.type(), type);
      assertEquals(type, c.typeName());
    }
    assertNull(column("ARRAY").element(), "an array without its element type");
  }

  @Test
  void aCastOfALiteralInACheckClauseIsTheLiteral() {
    assertEquals(
        "CHECK (\"amount\" > 0)", H2Types.checkDefinition("\"amount\" > CAST(0 AS NUMERIC(1))"));
    assertEquals(
        "CHECK (\"d\" >= DATE '2000-01-01' AND \"s\" <> 'CAST(1 AS INT)')",
        H2Types.checkDefinition("\"d\" >= DATE '2000-01-01'\n    AND \"s\" <> 'CAST(1 AS INT)'"));
    assertEquals(
        "CHECK (CAST(\"x\" AS INTEGER) > 1)",
        H2Types.checkDefinition("CAST(\"x\" AS INTEGER) > 1"),
        "a cast of a column stays");
  }

  @Test
  void theSharedParserReadsWhatH2WritesInCheckClause() {
    List<String> columns = List.of("A", "B");
    String clause =
        "(\"A\" BETWEEN 1 AND 9)\n    AND (\"A\" <> 3)\n    AND (CHAR_LENGTH(\"B\") < 5)"
            + "\n    AND (\"B\" LIKE 'x%')";
    CheckParser.Reading reading = CheckParser.parse("ck", H2Types.checkDefinition(clause), columns);
    assertEquals(
        0,
        reading.checks().stream().filter(c -> c instanceof Check.Unparsed).count(),
        reading.toString());
    CheckParser.Reading in =
        CheckParser.parse("in", H2Types.checkDefinition("\"B\" IN('x', 'y')"), columns);
    assertEquals(Check.InList.class, in.checks().getFirst().getClass(), in.toString());
  }
}
