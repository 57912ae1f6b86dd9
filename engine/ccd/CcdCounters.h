// The rigid CCD pipelines' counters of elementary tests (redon2002 Table 1 counts them per triangle pair:
// 9 edge/edge, 3 vertex/face, 3 face/vertex). RigidCcdCounts (algorithms/RigidCcdQuery.h) adds them.
#pragma once

#include "core/Counters.h"

namespace cdlab::counter {
inline const CounterDeclaration EeTests{"ee_tests", "edge/edge elementary CCD tests (redon2002 Table 1)"};
inline const CounterDeclaration VfTests{"vf_tests", "vertex/face tests (the moving body's vertex)"};
inline const CounterDeclaration FvTests{"fv_tests", "face/vertex tests (the resting body's vertex)"};
inline const CounterDeclaration ContactTests{"contact_tests", "elementary tests that found a contact"};
inline const CounterDeclaration EeBackward{
    "ee_backward", "E/E tests whose triangle pair has a triangle moving backwards (face bound)"};
inline const CounterDeclaration VfBackward{"vf_backward", "V/F tests with a triangle moving backwards"};
inline const CounterDeclaration FvBackward{"fv_backward", "F/V tests with a triangle moving backwards"};
} // namespace cdlab::counter
