package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.introspect.CheckParser;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Check.CompareLiteral;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MariaDB's and MySQL's words for CHECKs, types and partitions, read without a server. */
class MariaDbReadingTest {

  private static List<Check> checks(String clause) {
    return CheckParser.parse("c", clause, List.of()).checks();
  }

  @Test
  void backtickedNamesAndMysqlInfixWordsReadAsPostgresForms() {
    assertEquals(
        List.of(new Check.InList("c", "credit", List.of("GC", "BC"))),
        checks("`credit` in ('GC','BC')"));
    assertEquals(
        List.of(new CompareLiteral("c", "n", ">=", "5"), new CompareLiteral("c", "n", "<=", "15")),
        checks("`n` between 5 and 15"));
    assertEquals(List.of(new CompareLiteral("c", "a b", "<>", "3")), checks("(`a b` != 3)"));
    assertEquals(
        List.of(new Check.InList("c", "credit", List.of("GC"))),
        checks("(`credit` in (_utf8mb4'GC'))"));
    assertEquals(
        List.of(new CompareLiteral("c", "at", "<=", "CURRENT_TIMESTAMP")),
        checks("`at` <= current_timestamp()"));
    assertEquals(
        List.of(new Check.Matches("c", "code", "^C.*$", false)), checks("`code` like 'C%'"));
    assertTrue(checks("`a` not like 'x%'").getFirst() instanceof Check.Unparsed);
    assertTrue(checks("`a` + 1 > 2").getFirst() instanceof Check.Unparsed);
  }

  @Test
  void mysqlsLengthCountsBytes() {
    assertEquals(
        new Check.Length("c", "code", "octet_length", "=", "3"),
        MariaDbIntrospector.mysqlCheck(checks("length(`code`) = 3").getFirst()));
  }

  @Test
  void enumAndSetLabelsUnquote() {
    assertEquals(
        List.of("a", "it's", "b\\c", "d,e"),
        MariaDbTypes.labels("enum('a','it''s','b\\\\c','d,e')"));
  }

  @Test
  void anUnknownTypeIsUnsupportedWithItsName() {
    MariaDbTypes.Mapped m =
        MariaDbTypes.map(
            new MariaDbTypes.Row("g", "geometry", "geometry", -1, -1, 1, -1, -1, true, "", null));
    assertEquals(SqlType.UNSUPPORTED, m.column().type());
    assertEquals("geometry", m.column().typeName());
  }

  @Test
  void rangePartitionsWithSubpartitionsKeepTheirPartitionsBound() {
    List<MariaDbPartitions.Row> rows =
        List.of(
            new MariaDbPartitions.Row("p0", "p0a", "RANGE COLUMNS", "`d`", "'2024-01-01'"),
            new MariaDbPartitions.Row("p0", "p0b", "RANGE COLUMNS", "`d`", "'2024-01-01'"),
            new MariaDbPartitions.Row("p1", "p1a", "RANGE COLUMNS", "`d`", "MAXVALUE"));
    assertEquals(
        List.of(
            new Partition("p0a", List.of(new Partition.Bound("d", List.of(), null, "2024-01-01"))),
            new Partition("p0b", List.of(new Partition.Bound("d", List.of(), null, "2024-01-01"))),
            new Partition("p1a", List.of(new Partition.Bound("d", List.of(), "2024-01-01", null)))),
        MariaDbPartitions.leaves("t", rows));
  }

  @Test
  void aMultiColumnPartitioningIsRefusedNamingTheTable() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () ->
                MariaDbPartitions.leaves(
                    "t",
                    List.of(
                        new MariaDbPartitions.Row("p0", null, "RANGE COLUMNS", "`a`,`b`", "1,2"))));
    assertTrue(e.getMessage().contains("'t'"), e.getMessage());
  }
}
