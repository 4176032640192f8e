<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>CLI_ACPCTransform</name>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="5"/>
        <source>ACPC Transform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="6"/>
        <source>&lt;p&gt;Calculate a transformation that aligns brain images to &lt;a href=&quot;https://en.wikipedia.org/wiki/Talairach_coordinates&quot;&gt;Talairach coordinate system&lt;/a&gt; (also known as stereotaxic or ACPC coordinate system) based on anatomical landmarks.&lt;/p&gt;&lt;p&gt;The ACPC line extends between two points, one at the anterior commissure and one at the posterior commissure. The resulting transform will bring the line connecting the two points horizontal to the AP axis.&lt;/p&gt;&lt;p&gt;The midline is a series of points (at least 3) defining the division between the hemispheres of the brain (the mid sagittal plane). The resulting transform will result in the output volume having the mid sagittal plane lined up with the AS plane.&lt;/p&gt;&lt;p&gt;Use &lt;b&gt;Resample Scalar/Vector/DWI Volume&lt;/b&gt; to apply the transformation to a volume.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="7"/>
        <source>This work is part of the National Alliance for Medical Image Computing (NAMIC), funded by the National Institutes of Health through the NIH Roadmap for Medical Research, Grant U54 EB005149.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="8"/>
        <source>Input landmarks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="9"/>
        <source>Anatomical landmarks that will be used for computing the ACPC transform.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="10"/>
        <source>ACPC line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="11"/>
        <source>Midline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="12"/>
        <source>ACPC line, connecting a point at the anterior commissure with a point at the posterior commissure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="13"/>
        <source>The midline is a series of points (at least 3) placed on the mid sagittal plane, defining the division between the hemispheres of the brain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="14"/>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="17"/>
        <source>Output transform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="15"/>
        <source>Computed transformation (rigid translation and rotation) that the module computes from the input landmarks. If this transformation is applied to the volume then it will make the ACPC line &quot;horizontal&quot; (be in AP axis of the patient coordinate system), line up the mid sagittal plane &quot;vertical&quot; (fit on the AS plane of the patient coordinate system), and (if centering is enabled) then make the AC point the origin (the (0,0,0) coordinate in the patient coordinate system).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="16"/>
        <source>Center volume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
