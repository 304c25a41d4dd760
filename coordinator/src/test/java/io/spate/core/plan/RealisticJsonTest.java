package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.core.plan.RealisticJson.Form;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Json documents shaped by the column's name. */
class RealisticJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<JsonNode> docs(String column) throws Exception {
    Column c = column(column, SqlType.JSONB);
    Table t = table("t", List.of(integer("id"), c), List.of("id"), List.of());
    List<String> pool = RealisticJson.pool(42L, t, c);
    assertTrue(pool.size() > 100, "a pool of documents, got " + pool.size());
    List<JsonNode> nodes = new java.util.ArrayList<>();
    for (String doc : pool) {
      nodes.add(JSON.readTree(doc));
    }
    return nodes;
  }

  @Test
  void namesMapToForms() {
    assertEquals(Form.SETTINGS, RealisticJson.form("user_preferences"));
    assertEquals(Form.ADDRESS, RealisticJson.form("shipping_address"));
    assertEquals(Form.TAGS, RealisticJson.form("tags"));
    assertEquals(Form.ATTRIBUTES, RealisticJson.form("attributes"));
    assertEquals(Form.METADATA, RealisticJson.form("meta"));
  }

  @Test
  void eachFormHasItsOwnFields() throws Exception {
    java.util.Set<String> metaKeys = keys(docs("meta").getFirst());
    assertTrue(metaKeys.size() >= 2 && metaKeys.size() <= 4, metaKeys.toString());
    assertTrue(
        docs("meta").stream().allMatch(d -> keys(d).equals(metaKeys)),
        "a column's documents share its keys");
    assertTrue(
        docs("payload").stream().allMatch(d -> d.get("type").isTextual() && d.get("id").isInt()));
    assertTrue(
        docs("settings").stream()
            .allMatch(d -> d.get("notifications").isBoolean() && d.has("timezone")));
    assertTrue(
        docs("address").stream().allMatch(d -> d.has("street") && d.has("city") && d.has("zip")));
    assertTrue(docs("tags").stream().allMatch(d -> d.isArray() && !d.isEmpty()));
    assertTrue(docs("specs").stream().allMatch(d -> d.get("weight_kg").isNumber()));
  }

  @Test
  void twoDocumentColumnsOfOneSchemaDoNotShareOneShape() throws Exception {
    assertTrue(
        !keys(docs("meta").getFirst()).equals(keys(docs("extra").getFirst())),
        keys(docs("meta").getFirst()) + " and " + keys(docs("extra").getFirst()));
  }

  private static java.util.Set<String> keys(JsonNode doc) {
    java.util.Set<String> keys = new java.util.TreeSet<>();
    doc.fieldNames().forEachRemaining(keys::add);
    return keys;
  }
}
