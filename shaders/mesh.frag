#version 450 core
in vec3 vWorld;
uniform vec4 uColor;
uniform vec3 uEye;
uniform int uFlat; // 1: unlit colour (wireframe pass)
out vec4 outColor;
void main() {
    if (uFlat == 1) { outColor = uColor; return; }
    vec3 n = normalize(cross(dFdx(vWorld), dFdy(vWorld)));
    vec3 toEye = normalize(uEye - vWorld);
    float facing = dot(n, toEye);
    // Headlight plus a little ambient; back faces (polygon soups) are lit from behind, slightly darker.
    float diffuse = abs(facing);
    vec3 base = facing >= 0.0 ? uColor.rgb : uColor.rgb * 0.6;
    outColor = vec4(base * (0.25 + 0.75 * diffuse), uColor.a);
}
