#version 450 core
in vec4 vColor;
in vec3 vWorld;
uniform int uLit;  // 1: triangles, shaded like the bodies (headlight); 0: lines and points, flat
uniform vec3 uEye;
out vec4 outColor;
void main() {
    if (uLit == 0) { outColor = vColor; return; }
    vec3 n = normalize(cross(dFdx(vWorld), dFdy(vWorld)));
    float diffuse = abs(dot(n, normalize(uEye - vWorld)));
    outColor = vec4(vColor.rgb * (0.3 + 0.7 * diffuse), vColor.a);
}
