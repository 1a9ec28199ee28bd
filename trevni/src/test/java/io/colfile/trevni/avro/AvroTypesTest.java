package io.colfile.trevni.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.testkit.TestSeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The mapping between Avro schemas and colfile types, both ways. */
@ExtendWith(TestSeed.class)
class AvroTypesTest {
  private static final long SEED = TestSeed.caseSeed("AvroTypesTest", 0);

  private static Type toType(String json) {
    return AvroTypes.toType(AvroSchema.parse(q(json)));
  }

  private static String q(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  private static String record(String fieldType) {
    return "{'type':'record','name':'R','fields':[{'name':'f','type':" + fieldType + "}]}";
  }

  @Test
  void primitivesAndLogicalTypes() {
    assertThat(toType("'null'")).isEqualTo(Type.BOOLEAN);
    assertThat(toType("'boolean'")).isEqualTo(Type.BOOLEAN);
    assertThat(toType("'int'")).isEqualTo(Type.INT);
    assertThat(toType("{'type':'int','logicalType':'date'}")).isEqualTo(Type.DATE);
    assertThat(toType("{'type':'int','logicalType':'time-millis'}")).isEqualTo(Type.INT);
    assertThat(toType("'long'")).isEqualTo(Type.LONG);
    for (String unit : List.of("millis", "micros", "nanos")) {
      assertThat(toType("{'type':'long','logicalType':'timestamp-" + unit + "'}"))
          .isEqualTo(Type.TIMESTAMP_INSTANT);
      assertThat(toType("{'type':'long','logicalType':'local-timestamp-" + unit + "'}"))
          .isEqualTo(Type.TIMESTAMP);
    }
    assertThat(toType("{'type':'long','logicalType':'date'}")).isEqualTo(Type.LONG);
    assertThat(toType("{'type':'int','logicalType':'timestamp-millis'}")).isEqualTo(Type.INT);
    assertThat(toType("'float'")).isEqualTo(Type.FLOAT);
    assertThat(toType("'double'")).isEqualTo(Type.DOUBLE);
    assertThat(toType("'string'")).isEqualTo(Type.STRING);
    assertThat(toType("{'type':'string','logicalType':'uuid'}")).isEqualTo(Type.STRING);
    assertThat(toType("'bytes'")).isEqualTo(Type.BINARY);
    assertThat(toType("{'type':'fixed','name':'F','size':3}")).isEqualTo(Type.BINARY);
    assertThat(toType("{'type':'enum','name':'E','symbols':['A']}")).isEqualTo(Type.STRING);
  }

  @Test
  void hiveVarcharAndChar() {
    assertThat(toType("{'type':'string','logicalType':'varchar','maxLength':10}"))
        .isEqualTo(Type.varchar(10));
    assertThat(toType("{'type':'string','logicalType':'char','maxLength':1}"))
        .isEqualTo(Type.charType(1));
    assertThat(toType("{'type':'string','logicalType':'varchar'}")).isEqualTo(Type.STRING);
    assertThat(toType("{'type':'string','logicalType':'varchar','maxLength':0}"))
        .isEqualTo(Type.STRING);
    assertThat(toType("{'type':'string','logicalType':'char','maxLength':'5'}"))
        .isEqualTo(Type.STRING);
    assertThat(toType("{'type':'string','logicalType':'char','maxLength':2147483648}"))
        .isEqualTo(Type.STRING);
    assertThat(toType("{'type':'bytes','logicalType':'varchar','maxLength':3}"))
        .isEqualTo(Type.BINARY);
  }

  @Test
  void decimalsAsAvroJudgesThem() {
    assertThat(toType("{'type':'bytes','logicalType':'decimal','precision':10,'scale':2}"))
        .isEqualTo(Type.decimal(10, 2));
    assertThat(toType("{'type':'bytes','logicalType':'decimal','precision':38}"))
        .isEqualTo(Type.decimal(38, 0));
    assertThat(toType("{'type':'fixed','name':'F','size':4,'logicalType':'decimal',"
        + "'precision':9,'scale':9}")).isEqualTo(Type.decimal(9, 9));
    // every case where Avro's decimal is valid and colfile can hold it, and no other
    String[] cases = {
        "{'type':'bytes','logicalType':'decimal','precision':1}",
        "{'type':'bytes','logicalType':'decimal','precision':39}",
        "{'type':'bytes','logicalType':'decimal','precision':0}",
        "{'type':'bytes','logicalType':'decimal','precision':-1}",
        "{'type':'bytes','logicalType':'decimal','precision':5,'scale':6}",
        "{'type':'bytes','logicalType':'decimal','precision':5,'scale':-1}",
        "{'type':'bytes','logicalType':'decimal','precision':5,'scale':null}",
        "{'type':'bytes','logicalType':'decimal','precision':5.0}",
        "{'type':'bytes','logicalType':'decimal','precision':'5'}",
        "{'type':'bytes','logicalType':'decimal','scale':2}",
        "{'type':'bytes','logicalType':'decimal','precision':2147483648}",
        "{'type':'fixed','name':'F','size':4,'logicalType':'decimal','precision':10}",
        "{'type':'fixed','name':'F','size':16,'logicalType':'decimal','precision':38}",
        "{'type':'fixed','name':'F','size':0,'logicalType':'decimal','precision':1}",
        "{'type':'fixed','name':'F','size':1,'logicalType':'decimal','precision':2}",
        "{'type':'fixed','name':'F','size':1,'logicalType':'decimal','precision':3}",
        "{'type':'string','logicalType':'decimal','precision':3}",
    };
    for (String c : cases) {
      LogicalType avro = new Schema.Parser().parse(q(c)).getLogicalType();
      boolean decimal = avro != null
          && ((org.apache.avro.LogicalTypes.Decimal) avro).getPrecision() <= 38;
      assertThat(toType(c).kind() == TypeKind.DECIMAL).as(c).isEqualTo(decimal);
    }
  }

  @Test
  void compoundTypes() {
    assertThat(toType("{'type':'record','name':'R','fields':[{'name':'b','type':'int'},"
        + "{'name':'a','type':{'type':'array','items':'string'}},{'name':'m','type':{'type':"
        + "'map','values':['null','double']}}]}"))
        .isEqualTo(Type.parse("struct<b:int not null,a:array<string not null> not null,"
            + "m:map<string,double> not null>"));
    assertThat(toType("['null']")).isEqualTo(Type.BOOLEAN);
    assertThat(toType("[]")).isEqualTo(Type.BOOLEAN);
    assertThat(toType("['null','int']")).isEqualTo(Type.INT);
    assertThat(toType("['int','null']")).isEqualTo(Type.INT);
    assertThat(toType("['null','int','string',{'type':'array','items':'long'}]"))
        .isEqualTo(Type.parse("uniontype<int,string,array<bigint not null>>"));
    assertThat(toType("['string','null','bytes']"))
        .isEqualTo(Type.parse("uniontype<string,binary>"));
  }

  @Test
  void recursiveAndExplodingSchemasAreRefused() {
    assertThatThrownBy(() -> toType("{'type':'record','name':'L','fields':[{'name':'next',"
        + "'type':['null','L']}]}")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("recursive schemas cannot be stored in columns: record L refers to itself");
    assertThatThrownBy(() -> toType("{'type':'record','name':'A','fields':[{'name':'b','type':"
        + "{'type':'record','name':'B','fields':[{'name':'a','type':{'type':'array','items':"
        + "'A'}}]}}]}")).hasMessageContaining("record A refers to itself");
    // records used by name multiply columns: 2^20 here
    StringBuilder json = new StringBuilder("{'type':'record','name':'R0','fields':[]}");
    for (int i = 1; i <= 20; i++) {
      json = new StringBuilder("{'type':'record','name':'R" + i + "','fields':[{'name':'a',"
          + "'type':" + json + "},{'name':'b','type':'R" + (i - 1) + "'}]}");
    }
    String exploding = json.toString();
    assertThatThrownBy(() -> toType(exploding))
        .hasMessageContaining("more than 100000 columns");
  }

  @Test
  void rowTypes() {
    assertThat(AvroTypes.rowType(AvroSchema.parse(q(record("'int'")))))
        .isEqualTo(Type.parse("struct<f:int not null>"));
    assertThat(AvroTypes.rowType(AvroSchema.parse(q(record("['int','null']")))))
        .isEqualTo(Type.parse("struct<f:int>"));
    assertThat(AvroTypes.rowType(AvroSchema.parse("\"long\""))).isEqualTo(Type.LONG);
    assertThat(AvroTypes.rowType(AvroSchema.parse(q("{'type':'array','items':'int'}"))))
        .isEqualTo(Type.parse("array<int not null>"));
    assertThat(AvroTypes.rowType(AvroSchema.parse(q("['null'," + record("'int'") + "]"))))
        .isEqualTo(Type.parse("struct<value:struct<f:int not null>>"));
  }

  @Test
  void nullability() {
    assertThat(AvroTypes.isNullable(AvroSchema.parse("\"null\""))).isTrue();
    assertThat(AvroTypes.isNullable(AvroSchema.parse("[\"int\",\"null\"]"))).isTrue();
    assertThat(AvroTypes.isNullable(AvroSchema.parse("[\"int\",\"string\"]"))).isFalse();
    assertThat(AvroTypes.isNullable(AvroSchema.parse("\"int\""))).isFalse();
    assertThat(AvroTypes.isNullable(AvroSchema.parse(q(record("['null','int']"))))).isFalse();
  }

  @Test
  void fromTypeWritesEveryType() {
    AvroSchema s = AvroTypes.fromType(Type.parse("struct<b:boolean,t:tinyint,s:smallint,i:int,"
        + "l:bigint,f:float,d:double,str:string,v:varchar(10),c:char(3),bin:binary,"
        + "dec:decimal(12,4),dt:date,ts:timestamp,tz:timestamp with local time zone>"));
    String n = "['null',%s],'default':null}";
    assertThat(s.toString()).isEqualTo(q("{'type':'record','name':'Row','fields':["
        + "{'name':'b','type':" + n.formatted("'boolean'")
        + ",{'name':'t','type':" + n.formatted("'int'")
        + ",{'name':'s','type':" + n.formatted("'int'")
        + ",{'name':'i','type':" + n.formatted("'int'")
        + ",{'name':'l','type':" + n.formatted("'long'")
        + ",{'name':'f','type':" + n.formatted("'float'")
        + ",{'name':'d','type':" + n.formatted("'double'")
        + ",{'name':'str','type':" + n.formatted("'string'")
        + ",{'name':'v','type':"
        + n.formatted("{'type':'string','logicalType':'varchar','maxLength':10}")
        + ",{'name':'c','type':"
        + n.formatted("{'type':'string','logicalType':'char','maxLength':3}")
        + ",{'name':'bin','type':" + n.formatted("'bytes'")
        + ",{'name':'dec','type':"
        + n.formatted("{'type':'bytes','logicalType':'decimal','precision':12,'scale':4}")
        + ",{'name':'dt','type':" + n.formatted("{'type':'int','logicalType':'date'}")
        + ",{'name':'ts','type':"
        + n.formatted("{'type':'long','logicalType':'local-timestamp-nanos'}")
        + ",{'name':'tz','type':" + n.formatted("{'type':'long','logicalType':'timestamp-nanos'}")
        + "]}"));
    assertThat(new Schema.Parser().parse(s.toString()).toString()).isEqualTo(s.toString());
    assertThat(AvroTypes.toType(s)).isEqualTo(Type.parse("struct<b:boolean,t:int,s:int,i:int,"
        + "l:bigint,f:float,d:double,str:string,v:varchar(10),c:char(3),bin:binary,"
        + "dec:decimal(12,4),dt:date,ts:timestamp,tz:timestamp with local time zone>"));
    // Hive 0.11's decimals without precision, which colfile reads at scale 6
    assertThat(AvroTypes.fromType(Type.struct(List.of("d"), List.of(Type.decimal(0, 0))))
        .fields().get(0).schema().branches().get(1))
        .hasToString(q("{'type':'bytes','logicalType':'decimal','precision':38,'scale':6}"));
  }

  @Test
  void nonNullChildrenArePlainAvroTypesAndComeBack() {
    Type t = Type.parse("struct<id:bigint not null,name:string,"
        + "tags:array<string not null> not null,scores:map<string,double not null>,"
        + "s:struct<x:int not null,y:uniontype<int,string> not null>,u:uniontype<int,string>>");
    AvroSchema s = AvroTypes.fromType(t);
    assertThat(s.toString()).isEqualTo(q("{'type':'record','name':'Row','fields':["
        + "{'name':'id','type':'long'},"
        + "{'name':'name','type':['null','string'],'default':null},"
        + "{'name':'tags','type':{'type':'array','items':'string'}},"
        + "{'name':'scores','type':['null',{'type':'map','values':'double'}],'default':null},"
        + "{'name':'s','type':['null',{'type':'record','name':'Row_s','fields':["
        + "{'name':'x','type':'int'},{'name':'y','type':['int','string']}]}],'default':null},"
        + "{'name':'u','type':['null','int','string'],'default':null}]}"));
    assertThat(new Schema.Parser().parse(s.toString()).toString()).isEqualTo(s.toString());
    assertThat(AvroTypes.toType(s)).isEqualTo(t);
    // a type read from such a schema gives the schema back
    assertThat(AvroTypes.fromType(AvroTypes.toType(s))).isEqualTo(s);
  }

  @Test
  void fieldsAreNullableExactlyWhenTheirSchemaAdmitsNull() {
    Type t = toType("{'type':'record','name':'R','fields':["
        + "{'name':'a','type':'int'},{'name':'b','type':['null','int']},"
        + "{'name':'c','type':['int','null']},{'name':'d','type':'null'},"
        + "{'name':'e','type':['int','string']},{'name':'f','type':['string','null','int']},"
        + "{'name':'g','type':{'type':'array','items':['null','int']}},"
        + "{'name':'h','type':{'type':'map','values':'long'}}]}");
    assertThat(t).hasToString("struct<a:int not null,b:int,c:int,d:boolean,"
        + "e:uniontype<int,string> not null,f:uniontype<string,int>,g:array<int> not null,"
        + "h:map<string,bigint not null> not null>");
  }

  @Test
  void fromTypeNamesNestedRecordsAfterTheirPlace() {
    AvroSchema s = AvroTypes.fromType(Type.parse("struct<a:struct<x:int>,"
        + "l:array<struct<y:int>>,m:map<string,struct<z:int>>,"
        + "u:uniontype<int,struct<w:int>,array<int>>,a_x:struct<q:int>>"));
    assertThat(s.toString()).isEqualTo(q("{'type':'record','name':'Row','fields':["
        + "{'name':'a','type':['null',{'type':'record','name':'Row_a','fields':[{'name':'x',"
        + "'type':['null','int'],'default':null}]}],'default':null},"
        + "{'name':'l','type':['null',{'type':'array','items':['null',{'type':'record',"
        + "'name':'Row_l_element','fields':[{'name':'y','type':['null','int'],'default':null}]}"
        + "]}],'default':null},"
        + "{'name':'m','type':['null',{'type':'map','values':['null',{'type':'record',"
        + "'name':'Row_m_value','fields':[{'name':'z','type':['null','int'],'default':null}]}]}"
        + "],'default':null},"
        + "{'name':'u','type':['null','int',{'type':'record','name':'Row_u_1','fields':["
        + "{'name':'w','type':['null','int'],'default':null}]},{'type':'array','items':['null',"
        + "'int']}],'default':null},"
        + "{'name':'a_x','type':['null',{'type':'record','name':'Row_a_x','fields':[{'name':'q',"
        + "'type':['null','int'],'default':null}]}],'default':null}]}"));
    // a name already taken gets a number
    AvroSchema clash = AvroTypes.fromType(Type.parse(
        "struct<a:array<struct<x:int>>,a_element:struct<y:int>>"));
    assertThat(clash.toString()).contains("\"name\":\"Row_a_element\"")
        .contains("\"name\":\"Row_a_element_2\"");
    assertThat(AvroTypes.toType(AvroSchema.parse(clash.toString())))
        .isEqualTo(Type.parse("struct<a:array<struct<x:int>>,a_element:struct<y:int>>"));
  }

  @Test
  void mapsWithOtherKeysBecomeArraysOfEntries() {
    AvroSchema s = AvroTypes.fromType(Type.parse("struct<m:map<int,string>>"));
    assertThat(s.toString()).isEqualTo(q("{'type':'record','name':'Row','fields':[{'name':'m',"
        + "'type':['null',{'type':'array','items':{'type':'record','name':'Row_m_entry',"
        + "'fields':[{'name':'key','type':['null','int'],'default':null},{'name':'value',"
        + "'type':['null','string'],'default':null}]}}],'default':null}]}"));
    // the entries are the array's elements, never null
    assertThat(AvroTypes.toType(s))
        .isEqualTo(Type.parse("struct<m:array<struct<key:int,value:string> not null>>"));
    for (String key : List.of("string", "varchar(5)", "char(2)")) {
      assertThat(AvroTypes.toType(AvroTypes.fromType(Type.parse("struct<m:map<" + key
          + ",int>>")))).isEqualTo(Type.parse("struct<m:map<string,int>>"));
    }
  }

  @Test
  void fromTypeRefusesWhatAvroCannotHold() {
    assertThatThrownBy(() -> AvroTypes.fromType(Type.INT))
        .hasMessageContaining("rows must be a struct");
    assertThatThrownBy(() -> AvroTypes.fromType(Type.parse("struct<`x y`:int>")))
        .hasMessage("field 'x y' of the row: not a valid Avro name (letters, digits and _ , "
            + "not starting with a digit)");
    assertThatThrownBy(() -> AvroTypes.fromType(Type.parse("struct<a:array<struct<`1b`:int>>>")))
        .hasMessageStartingWith("field '1b' of a[]: not a valid Avro name");
    assertThatThrownBy(() -> AvroTypes.fromType(Type.parse("struct<u:uniontype<int,smallint>>")))
        .hasMessageContaining("column u: ").hasMessageContaining("int twice");
    assertThatThrownBy(() -> AvroTypes.fromType(Type.parse(
        "struct<a:struct<u:uniontype<array<int>,array<string>>>>")))
        .hasMessageContaining("column a.u: ").hasMessageContaining("array twice");
    assertThatThrownBy(() -> AvroTypes.fromType(Type.parse(
        "struct<u:uniontype<binary,decimal(5,2)>>"))).hasMessageContaining("bytes twice");
    assertThatThrownBy(() -> AvroTypes.fromType(Type.struct(List.of("u"),
        List.of(Type.union(List.of(Type.INT, Type.union(List.of(Type.STRING))))))))
        .hasMessageContaining("column u.1: a union directly inside a union");
    Type deep = Type.INT;
    for (int i = 0; i < 5000; i++) {
      deep = Type.list(deep);
    }
    Type tooDeep = Type.struct(List.of("d"), List.of(deep));
    assertThatThrownBy(() -> AvroTypes.fromType(tooDeep)).hasMessageContaining("nested deeper");
  }

  @Test
  void randomTypesRoundTripThroughAvro() {
    Random r = new Random(SEED);
    for (int i = 0; i < 300; i++) {
      Type t = randomStruct(r, 0);
      String what = TestSeed.replay() + ", type " + i + ": " + t;
      AvroSchema s = AvroTypes.fromType(t);
      Schema avro = new Schema.Parser().parse(s.toString());
      assertThat(avro.toString()).as(what).isEqualTo(s.toString());
      assertThat(AvroSchema.parse(s.toString())).as(what).isEqualTo(s);
      assertThat(AvroTypes.toType(s)).as(what).isEqualTo(expectedBack(t));
      assertThat(AvroTypes.rowType(s)).as(what).isEqualTo(expectedBack(t));
    }
  }

  /** What a type reads back as: ints for tinyint and smallint, decimal(38,6) for precision 0. */
  private static Type expectedBack(Type t) {
    switch (t.kind()) {
      case BYTE:
      case SHORT:
        return Type.INT;
      case DECIMAL:
        return t.precision() == 0 ? Type.decimal(38, 6) : t;
      case STRUCT: {
        List<Type> children = new ArrayList<>();
        t.children().forEach(c -> children.add(expectedBack(c)));
        return Type.struct(t.fieldNames(), children);
      }
      case LIST:
        return Type.list(expectedBack(t.child(0)));
      case MAP:
        return Type.map(Type.STRING, expectedBack(t.child(1)));
      case UNION: {
        List<Type> children = new ArrayList<>();
        t.children().forEach(c -> children.add(expectedBack(c)));
        return Type.union(children);
      }
      default:
        return t;
    }
  }

  private static final Type[] LEAVES = {Type.BOOLEAN, Type.BYTE, Type.SHORT, Type.INT,
      Type.LONG, Type.FLOAT, Type.DOUBLE, Type.STRING, Type.varchar(7), Type.charType(1),
      Type.BINARY, Type.decimal(18, 3), Type.decimal(38, 38), Type.decimal(0, 0), Type.DATE,
      Type.TIMESTAMP, Type.TIMESTAMP_INSTANT};
  private static final Type[] KEYS = {Type.STRING, Type.varchar(3), Type.charType(8)};

  private static Type randomStruct(Random r, int depth) {
    List<String> names = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    for (int n = r.nextInt(depth == 0 ? 6 : 4); n >= 0; n--) {
      names.add(r.nextInt(5) == 0 ? "é" + names.size() : "f" + names.size());
      types.add(random(r, depth + 1));
    }
    return Type.struct(names, types);
  }

  private static Type random(Random r, int depth) {
    switch (depth > 3 ? 0 : r.nextInt(8)) {
      case 0, 1, 2:
        return LEAVES[r.nextInt(LEAVES.length)];
      case 3:
        return Type.list(random(r, depth + 1));
      case 4:
        return Type.map(KEYS[r.nextInt(KEYS.length)], random(r, depth + 1));
      case 5: {
        // branches of different Avro types: a leaf of each kind at most, a list, a struct
        List<Type> branches = new ArrayList<>();
        branches.add(Type.LONG);
        if (r.nextBoolean()) {
          branches.add(Type.list(random(r, depth + 1)));
        }
        branches.add(r.nextBoolean() ? Type.STRING : randomStruct(r, depth + 1));
        if (r.nextBoolean()) {
          branches.add(randomStruct(r, depth + 1));
        }
        return Type.union(branches);
      }
      default:
        return randomStruct(r, depth);
    }
  }
}
