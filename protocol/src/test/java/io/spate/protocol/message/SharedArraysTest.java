package io.spate.protocol.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class SharedArraysTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static ObjectNode tree(String json) throws Exception {
    return (ObjectNode) JSON.readTree(json.replace('\'', '"'));
  }

  private static final String POOL = "['a','b','c','d','e','f','g','h']";

  @Test
  void aRepeatedArrayIsWrittenOnceAndEveryOccurrenceReadsItBack() throws Exception {
    String message =
        "{'v':'4.0','plan':{'tables':[{'values':" + POOL + "},{'values':" + POOL + "}]}}";
    ObjectNode shared = tree(message);

    SharedArrays.share(shared);

    assertEquals(
        tree(
            "{'v':'4.0','plan':{'tables':[{'values':{'$array':0}},{'values':{'$array':0}}]},"
                + "'arrays':["
                + POOL
                + "]}"),
        shared);
    SharedArrays.restore(shared);
    assertEquals(tree(message), shared);
  }

  @Test
  void anArrayThatOccursOnceOrIsShortStaysWhereItIs() throws Exception {
    String message =
        "{'once':" + POOL + ",'short':[[1,2],[1,2]],'nested':{'list':['x','y','x','y']}}";
    ObjectNode tree = tree(message);

    SharedArrays.share(tree);

    assertEquals(tree(message), tree);
  }

  @Test
  void indicesFollowTheFirstOccurrenceSoEncodingIsDeterministic() throws Exception {
    String other = "[1,2,3,4,5,6,7,8]";
    ObjectNode tree =
        tree("{'a':" + other + ",'b':" + POOL + ",'c':" + POOL + ",'d':[" + other + "]}");

    SharedArrays.share(tree);

    assertEquals(0, tree.at("/a/$array").intValue());
    assertEquals(1, tree.at("/b/$array").intValue());
    assertEquals(0, tree.at("/d/0/$array").intValue());
  }

  @Test
  void aReferenceToNoSharedArrayIsRefusedNamingIt() throws Exception {
    ObjectNode tree = tree("{'values':{'$array':3},'arrays':[" + POOL + "]}");

    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SharedArrays.restore(tree));

    assertTrue(e.getMessage().contains("shared array 3 of 1"), e.getMessage());
  }
}
