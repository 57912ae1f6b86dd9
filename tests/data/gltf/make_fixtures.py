#!/usr/bin/env python3
"""Writes the small glTF fixtures of tests/scene/GltfModelTest.cpp and tests/GltfCliTests.cmake (run it here:
python3 make_fixtures.py). Each file holds its buffer inline (a data: URI) except missing_buffer.gltf, whose
.bin is absent on purpose. One valid file (chain.gltf) and one file per refusal of scene/GltfModel.h."""
import base64
import json
import math
import struct


class Gltf:
    """A glTF 2.0 document under construction with one buffer of little-endian data."""

    def __init__(self):
        self.doc = {"asset": {"version": "2.0", "generator": "cdlab tests/data/gltf/make_fixtures.py"},
                    "scene": 0, "scenes": [{"nodes": []}], "nodes": [], "meshes": [], "accessors": [],
                    "bufferViews": [], "buffers": []}
        self.data = b""

    def accessor(self, fmt, values, kind, component=5126, minmax=False):
        """Appends `values` (tuples for vectors) packed by `fmt` per component; returns the accessor index."""
        flat = [c for v in values for c in (v if isinstance(v, tuple) else (v,))]
        blob = struct.pack("<" + fmt * len(flat), *flat)
        while len(self.data) % 4:
            self.data += b"\0"
        self.doc["bufferViews"].append({"buffer": 0, "byteOffset": len(self.data), "byteLength": len(blob)})
        self.data += blob
        acc = {"bufferView": len(self.doc["bufferViews"]) - 1, "componentType": component, "count": len(values),
               "type": kind}
        if minmax:
            acc["min"], acc["max"] = [min(flat)], [max(flat)]
        self.doc["accessors"].append(acc)
        return len(self.doc["accessors"]) - 1

    def triangle_mesh(self, name, extra=None, targets=None):
        pos = self.accessor("f", [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)], "VEC3")
        prim = {"attributes": {"POSITION": pos}, "mode": 4}
        prim["attributes"].update(extra or {})
        if targets:
            prim["targets"] = targets
        self.doc["meshes"].append({"name": name, "primitives": [prim]})
        return len(self.doc["meshes"]) - 1

    def node(self, name, root=False, **fields):
        self.doc["nodes"].append(dict(name=name, **fields))
        index = len(self.doc["nodes"]) - 1
        if root:
            self.doc["scenes"][0]["nodes"].append(index)
        return index

    def animation(self, channels, name="anim"):
        """channels: (node, path, times, values, kind, interpolation)."""
        anim = {"name": name, "channels": [], "samplers": []}
        for node, path, times, values, kind, interpolation in channels:
            inp = self.accessor("f", times, "SCALAR", minmax=True)
            out = self.accessor("f", values, kind)
            anim["samplers"].append({"input": inp, "output": out, "interpolation": interpolation})
            anim["channels"].append({"sampler": len(anim["samplers"]) - 1, "target": {"node": node, "path": path}})
        self.doc.setdefault("animations", []).append(anim)

    def write(self, path, inline=True):
        uri = "data:application/octet-stream;base64," + base64.b64encode(self.data).decode() if inline else (
            path.replace(".gltf", ".bin"))
        self.doc["buffers"] = [{"byteLength": len(self.data), "uri": uri}]
        with open(path, "w") as f:
            json.dump(self.doc, f, indent=1)
            f.write("\n")


def quat_z(deg):
    a = math.radians(deg) / 2
    return (0.0, 0.0, math.sin(a), math.cos(a))  # glTF order: x, y, z, w


def chain(interpolation="LINEAR"):
    """A mesh-less holder (translation (1, 0, 0), uniform scale 2) above link 'arm' (translation keys at 0 and
    1, rotation keys at 0, 0.5 and 2: 0, 90 and 180 degrees about z), above link 'hand' (static, 1 along x)."""
    g = Gltf()
    holder = g.node("holder", root=True, translation=[1, 0, 0], scale=[2, 2, 2], children=[1])
    g.node("arm", mesh=g.triangle_mesh("arm_mesh"), children=[2])
    g.node("hand", mesh=g.triangle_mesh("hand_mesh"), translation=[1, 0, 0])
    rotations = [quat_z(0), quat_z(90), quat_z(180)]
    translations = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0)]
    if interpolation == "CUBICSPLINE":  # in-tangent, value, out-tangent per key
        rotations = [v for q in rotations for v in ((0.0,) * 4, q, (0.0,) * 4)]
        translations = [v for t in translations for v in ((0.0,) * 3, t, (0.0,) * 3)]
    g.animation([(1, "translation", [0.0, 1.0], translations, "VEC3", interpolation),
                 (1, "rotation", [0.0, 0.5, 2.0], rotations, "VEC4", interpolation)])
    assert holder == 0
    return g


chain().write("chain.gltf")
chain("STEP").write("step.gltf")
chain("CUBICSPLINE").write("cubicspline.gltf")

g = chain()  # the buffer written to a .bin that is not there
g.write("missing_buffer.gltf", inline=False)

g = Gltf()  # NaN in the second translation key of 'arm'
g.node("arm", root=True, mesh=g.triangle_mesh("arm_mesh"))
g.animation([(0, "translation", [0.0, 1.0], [(0.0, 0.0, 0.0), (float("nan"), 0.0, 0.0)], "VEC3", "LINEAR")])
g.write("nan_key.gltf")

g = Gltf()  # a skinned mesh: every vertex bound to joint 'bone'
joints = g.accessor("B", [(0, 0, 0, 0)] * 3, "VEC4", component=5121)
weights = g.accessor("f", [(1.0, 0.0, 0.0, 0.0)] * 3, "VEC4")
g.node("body", root=True, mesh=g.triangle_mesh("skin_mesh", {"JOINTS_0": joints, "WEIGHTS_0": weights}), skin=0)
g.node("bone", root=True)
g.doc["skins"] = [{"joints": [1]}]  # no inverseBindMatrices (valid glTF): Assimp 5.2 crashes on it
g.write("skinned.gltf")

g = Gltf()  # a morphing mesh: one morph target moving the first corner
target = g.accessor("f", [(0.0, 0.0, 1.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)], "VEC3")
g.node("blob", root=True, mesh=g.triangle_mesh("morph_mesh", targets=[{"POSITION": target}]))
g.doc["meshes"][0]["weights"] = [0.5]
g.write("morph.gltf")

g = Gltf()  # nodes 0 and 1 each the other's child
g.triangle_mesh("m")
g.node("ping", root=True, mesh=0, children=[1])
g.node("pong", children=[0])
g.write("cyclic.gltf")

g = Gltf()  # no nodes at all
g.write("empty.gltf")

g = Gltf()  # nodes, but no mesh
g.node("camera_rig", root=True, children=[1])
g.node("target", translation=[0, 0, 1])
g.write("no_mesh.gltf")

g = Gltf()  # a link scaled more along y than along x and z
g.node("squashed", root=True, mesh=g.triangle_mesh("m"), scale=[1, 2, 1])
g.write("nonuniform_scale.gltf")

g = Gltf()  # a link whose uniform scale grows over time
g.node("growing", root=True, mesh=g.triangle_mesh("m"))
g.animation([(0, "scale", [0.0, 1.0], [(1.0, 1.0, 1.0), (2.0, 2.0, 2.0)], "VEC3", "LINEAR")])
g.write("animated_scale.gltf")

g = Gltf()  # a mesh-less node that turns, with a link offset from it
g.node("pivot", root=True, children=[1])
g.node("arm", mesh=g.triangle_mesh("m"), translation=[1, 0, 0])
g.animation([(0, "rotation", [0.0, 1.0], [quat_z(0), quat_z(90)], "VEC4", "LINEAR")])
g.write("moving_empty.gltf")

with open("not_gltf.glb", "w") as f:
    f.write("solid cube\nthis is no glTF\n")

# --- the node tree and the container --------------------------------------------------------------------
g = Gltf()  # node 'c' listed as a child of both 'a' and 'b'
g.triangle_mesh("m")
g.node("a", root=True, mesh=0, children=[2])
g.node("b", root=True, mesh=0, children=[2])
g.node("c", mesh=0)
g.write("two_parents.gltf")

g = Gltf()  # a node listing itself as its child
g.node("narcissus", root=True, mesh=g.triangle_mesh("m"), children=[0])
g.write("own_child.gltf")

g = Gltf()  # a child index past the end of "nodes"
g.node("parent", root=True, mesh=g.triangle_mesh("m"), children=[7])
g.write("bad_child.gltf")

g = Gltf()  # nodes, but the scene names none of them
g.node("orphan", mesh=g.triangle_mesh("m"))
g.write("scene_without_nodes.gltf")

g = Gltf()  # glTF 1.0
g.node("old", root=True, mesh=g.triangle_mesh("m"))
g.doc["asset"]["version"] = "1.0"
g.write("version1.gltf")

g = Gltf()  # a .gltf whose buffer has no uri (only a .glb may hold its own data)
g.node("arm", root=True, mesh=g.triangle_mesh("m"))
g.write("buffer_without_uri.gltf")
with open("buffer_without_uri.gltf") as f:
    doc = json.load(f)
del doc["buffers"][0]["uri"]
with open("buffer_without_uri.gltf", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")

with open("glb_version1.glb", "wb") as f:  # a GLB header of version 1
    f.write(b"glTF" + struct.pack("<II", 1, 20) + struct.pack("<I", 0) + b"JSON")
with open("truncated.glb", "wb") as f:  # the magic, then the file ends
    f.write(b"glTF" + struct.pack("<I", 2))

# --- names ----------------------------------------------------------------------------------------------
g = Gltf()  # two links named 'twin'
g.triangle_mesh("m")
g.node("twin", root=True, mesh=0)
g.node("twin", root=True, mesh=0, translation=[0, 0, 1])
g.write("duplicate_links.gltf")

g = Gltf()  # the animation moves 'twin', and two nodes have that name
g.triangle_mesh("m")
g.node("twin", root=True, mesh=0)
g.node("twin", root=True, mesh=0, translation=[0, 0, 1])
g.animation([(0, "translation", [0.0, 1.0], [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0)], "VEC3", "LINEAR")])
g.write("ambiguous_channel.gltf")

# --- keys -----------------------------------------------------------------------------------------------
def one_link_animation(name, path, times, values, kind):
    g = Gltf()
    g.node("arm", root=True, mesh=g.triangle_mesh("arm_mesh"))
    g.animation([(0, path, times, values, kind, "LINEAR")])
    g.write(name)


inf = float("inf")
one_link_animation("inf_rotation.gltf", "rotation", [0.0, 1.0], [quat_z(0), (inf, 0.0, 0.0, 1.0)], "VEC4")
one_link_animation("zero_rotation.gltf", "rotation", [0.0, 1.0], [quat_z(0), (0.0, 0.0, 0.0, 0.0)], "VEC4")
one_link_animation("inf_scale.gltf", "scale", [0.0], [(inf, 1.0, 1.0)], "VEC3")
one_link_animation("nan_time.gltf", "translation", [0.0, float("nan")], [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0)], "VEC3")
one_link_animation("decreasing_times.gltf", "translation", [1.0, 0.5], [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0)], "VEC3")

# --- transforms -----------------------------------------------------------------------------------------
for name, fields in [("mirror.gltf", {"scale": [-1, -1, -1]}), ("zero_scale.gltf", {"scale": [0, 0, 0]}),
                     ("shear.gltf", {"matrix": [1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]})]:
    g = Gltf()
    g.node("bent", root=True, mesh=g.triangle_mesh("m"), **fields)
    g.write(name)

g = Gltf()  # a link whose mesh is points only
pos = g.accessor("f", [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)], "VEC3")
g.doc["meshes"].append({"name": "dots", "primitives": [{"attributes": {"POSITION": pos}, "mode": 0}]})
g.node("cloud", root=True, mesh=0)
g.write("points_only.gltf")

g = Gltf()  # a vertex with a NaN coordinate
pos = g.accessor("f", [(0.0, 0.0, 0.0), (1.0, float("nan"), 0.0), (0.0, 1.0, 0.0)], "VEC3")
g.doc["meshes"].append({"name": "broken", "primitives": [{"attributes": {"POSITION": pos}, "mode": 4}]})
g.node("arm", root=True, mesh=0)
g.write("nan_vertex.gltf")

# --- more broken containers -----------------------------------------------------------------------------
g = Gltf()  # "scene" is a string where glTF has an index
g.node("arm", root=True, mesh=g.triangle_mesh("m"))
g.doc["scene"] = "zero"
g.write("scene_not_index.gltf")

g = Gltf()  # "scene" names a scene that does not exist
g.node("arm", root=True, mesh=g.triangle_mesh("m"))
g.doc["scene"] = 3
g.write("no_such_scene.gltf")

g = Gltf()  # an accessor reading past the end of its buffer view: Assimp refuses it
g.node("arm", root=True, mesh=g.triangle_mesh("m"))
g.doc["accessors"][0]["count"] = 300
g.write("accessor_overrun.gltf")

with open("glb_short_chunk.glb", "wb") as f:  # the JSON chunk says 100 bytes, 2 follow
    f.write(b"glTF" + struct.pack("<II", 2, 22) + struct.pack("<I", 100) + b"JSON" + b"{}")
with open("glb_bad_json.glb", "wb") as f:  # a complete JSON chunk that is no JSON
    f.write(b"glTF" + struct.pack("<II", 2, 24) + struct.pack("<I", 4) + b"JSON" + b"{{{{")
