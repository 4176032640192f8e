<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>CLI_ACPCTransform</name>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="5"/>
        <source>ACPC Transform</source>
        <translation>Transformation CACP</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="6"/>
        <source>&lt;p&gt;Calculate a transformation that aligns brain images to &lt;a href=&quot;https://en.wikipedia.org/wiki/Talairach_coordinates&quot;&gt;Talairach coordinate system&lt;/a&gt; (also known as stereotaxic or ACPC coordinate system) based on anatomical landmarks.&lt;/p&gt;&lt;p&gt;The ACPC line extends between two points, one at the anterior commissure and one at the posterior commissure. The resulting transform will bring the line connecting the two points horizontal to the AP axis.&lt;/p&gt;&lt;p&gt;The midline is a series of points (at least 3) defining the division between the hemispheres of the brain (the mid sagittal plane). The resulting transform will result in the output volume having the mid sagittal plane lined up with the AS plane.&lt;/p&gt;&lt;p&gt;Use &lt;b&gt;Resample Scalar/Vector/DWI Volume&lt;/b&gt; to apply the transformation to a volume.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Calculer une transformation qui aligne les images cérébrales sur le &lt;a href=&quot;https://en.wikipedia.org/wiki/Talairach_coordinates&quot;&gt;système de coordonnées de Talairach&lt;/a&gt; (également connu sous le nom de système de coordonnées stéréotaxique ou ACPC) basé sur repères anatomiques.&lt;/p&gt;&lt;p&gt;La ligne ACPC s&apos;étend entre deux points, un à la commissure antérieure et un à la commissure postérieure. La transformation résultante amènera la ligne reliant les deux points horizontalement à l&apos;axe AP.&lt;/p&gt;&lt;p&gt;La ligne médiane est une série de points (au moins 3) définissant la division entre les hémisphères du cerveau (le plan sagittal médian ). La transformation résultante aura pour résultat que le volume de sortie aura le plan sagittal médian aligné avec le plan AS.&lt;/p&gt;&lt;p&gt;Utilisez &lt;b&gt;Resample Scalar/Vector/DWI Volume&lt;/b&gt; pour appliquer la transformation à un volume .&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="7"/>
        <source>This work is part of the National Alliance for Medical Image Computing (NAMIC), funded by the National Institutes of Health through the NIH Roadmap for Medical Research, Grant U54 EB005149.</source>
        <translation>Ce travail est mené dans le cadre de la National Alliance for Medical Image Computing (NAMIC), financé par les National Institutes of Health par le biais du programme NIH Roadmap for Medical Research, subvention U54 EB005149.</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="8"/>
        <source>Input landmarks</source>
        <translation>Points de repère d&apos;entrée</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="9"/>
        <source>Anatomical landmarks that will be used for computing the ACPC transform.</source>
        <translation>Les repères atomiques qui seront utilisés pour calculer la transformation ACPC</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="10"/>
        <source>ACPC line</source>
        <translation>Ligne ACPC</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="11"/>
        <source>Midline</source>
        <translation>Ligne médiane</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="12"/>
        <source>ACPC line, connecting a point at the anterior commissure with a point at the posterior commissure.</source>
        <translation>La ligne CAPC, reliant un point à la commissure antérieure à un point à la commissure postérieure.</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="13"/>
        <source>The midline is a series of points (at least 3) placed on the mid sagittal plane, defining the division between the hemispheres of the brain.</source>
        <translation>La ligne médiane est une série de points (minimum trois points) placée au milieu du plan sagittal caractérisant la division entre les hémisphères du cerveau.</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="14"/>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="17"/>
        <source>Output transform</source>
        <translation>Transformation de la sortie</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="15"/>
        <source>Computed transformation (rigid translation and rotation) that the module computes from the input landmarks. If this transformation is applied to the volume then it will make the ACPC line &quot;horizontal&quot; (be in AP axis of the patient coordinate system), line up the mid sagittal plane &quot;vertical&quot; (fit on the AS plane of the patient coordinate system), and (if centering is enabled) then make the AC point the origin (the (0,0,0) coordinate in the patient coordinate system).</source>
        <translation>Transformation calculée (translation et rotation rigides) que le module calcule à partir des repères d&apos;entrée. Si cette transformation est appliquée au volume, elle rendra la ligne ACPC &quot;horizontale&quot; (soit dans l&apos;axe AP du système de coordonnées du patient), alignera le plan sagittal médian &quot;vertical&quot; (s&apos;ajustera sur le plan AS du système de coordonnées du patient ), et (si le centrage est activé) faites du point AC l&apos;origine (la coordonnée (0,0,0) dans le système de coordonnées du patient).</translation>
    </message>
    <message>
        <location filename="Modules/CLI/ACPCTransform/ACPCTransform_tr.h" line="16"/>
        <source>Center volume</source>
        <translation>Centrer le volume</translation>
    </message>
</context>
</TS>
